import { data, redirect, type MetaFunction } from 'react-router';
import type { PageActionArgs, PageLoaderArgs } from '../../page-context.ts';
import { messages } from '../../platform/messages/index.ts';
import { addressLists, type AddressLists } from '../address-lists.ts';
import type { FormDefinition } from '../definition.ts';
import type { FormPagePost } from '../page-post.ts';
import { publicDefinition } from '../public-definition.ts';
import type { RuntimeEnv } from '../ui/context.ts';
import { emptyFormState, type FormState } from '../ui/form-renderer.tsx';
import paymentsStylesheet from '../ui/form-payments.css?url';
import uiStylesheet from '../ui/forms-ui.css?url';
import stylesheet from '../ui/forms.css?url';
import { LiveForm } from '../ui/live-form.tsx';
import { stylesheetLink } from '../../ui/stylesheet-link.ts';

/** `/forms/{formId}/` (CONTRACT §1): one form on its own page, working with or without JavaScript. */
export const links = () => [
  stylesheetLink(stylesheet),
  stylesheetLink(uiStylesheet),
  stylesheetLink(paymentsStylesheet),
];

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: `${page?.form.title ?? ''} – ${messages.shopName}` },
];

export async function loader({ context, params, url }: PageLoaderArgs) {
  const form = await context.shop.forms.form(params.formId ?? '');
  if (!form) throw data(null, { status: 404 });
  const token = (await context.shop.forms.issueToken(form.id))!;
  const post = context.formPost;
  return {
    // What the browser may see: no notification addresses, no restricted e-mail lists.
    form: publicDefinition(form),
    token,
    startTimestamp: Math.floor(Date.now() / 1000),
    pageUrl: `${url.origin}${url.pathname}`,
    publishableKey: context.shop.payments.publishableKey,
    // The states of a country posted without JavaScript, too.
    addressLists: addressLists(form, post && post.kind !== 'not_found' ? post.entries : []),
  };
}

/** The post itself was read and answered by its door (forms.routes.ts): here is what came of it. */
export function action({ context }: PageActionArgs): FormPagePost | null {
  const post = context.formPost;
  if (post?.kind === 'submitted' && post.answer.success && post.answer.data.redirect_url) {
    throw redirect(post.answer.data.redirect_url, 303);
  }
  return post ?? null;
}

function stateOf(post: FormPagePost | null | undefined): FormState {
  if (!post || post.kind === 'not_found') return emptyFormState;
  const { answer } = post;
  return {
    page: post.page,
    entries: post.entries,
    errors: answer.data.errors.field,
    general: answer.data.errors.general,
    confirmation: answer.success ? answer.data.confirmation : undefined,
  };
}

/** The runtime on the shop's own page: same-origin calls, the shop's consent API. */
function pageEnv(publishableKey: string): RuntimeEnv {
  return {
    publishableKey,
    ajaxUrl: '/admin-ajax',
    shopOrigin: '',
    consent: window.shopConsent,
    secure: window.location.protocol === 'https:',
  };
}

export default function FormPage({
  loaderData,
  actionData,
}: {
  loaderData: {
    form: FormDefinition;
    token: string;
    startTimestamp: number;
    pageUrl: string;
    publishableKey: string;
    addressLists: AddressLists | undefined;
  };
  actionData?: FormPagePost | null;
}) {
  return (
    <div className="form-page">
      <LiveForm
        env={() => pageEnv(loaderData.publishableKey)}
        form={loaderData.form}
        state={stateOf(actionData)}
        action={`/forms/${loaderData.form.id}/`}
        token={loaderData.token}
        startTimestamp={loaderData.startTimestamp}
        pageUrl={loaderData.pageUrl}
        challengeUrl="/forms/altcha-challenge"
        addressLists={loaderData.addressLists}
      />
    </div>
  );
}
