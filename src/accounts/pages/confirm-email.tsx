import type { PageActionArgs, PageLoaderArgs } from '../../page-context.ts';
import { redirect, type MetaFunction } from 'react-router';
import { formFields } from '../../platform/http/form-fields.ts';
import { format, messages } from '../../platform/messages/index.ts';
import { sessionCookieHeader } from '../../platform/session/session-cookie.ts';
import { CONFIRM_EMAIL_NONCE, CONFIRM_EMAIL_NONCE_FIELD } from '../nonces.ts';
import { confirmEmail, inspectConfirmLink } from '../operations.ts';
import { confirmEmailForm } from '../schemas.ts';
import { FormMessage } from '../ui/auth-fields.tsx';
import type { AuthFormState } from '../ui/use-auth-form.ts';
import { formRefusal, privatePage, nonceRefused, formUnreadable } from './page-answers.ts';

export const meta: MetaFunction = () => [
  { title: `${messages.confirmEmailTitle} – ${messages.shopName}` },
];
// The link's key never leaves for another site in a Referer.
export const headers: typeof privatePage = (args) => ({
  ...privatePage(args),
  'Referrer-Policy': 'same-origin',
});

/**
 * `/my-account/confirm-email/?key=`: a mailed confirmation link (a new account's address, or an
 * account's new email). Opening it changes nothing (mail scanners open links too); its button
 * uses it, once.
 */
export async function loader({ context, url }: PageLoaderArgs) {
  const key = url.searchParams.get('key') ?? '';
  const link = await inspectConfirmLink(context.shop.accounts.operations, key);
  return {
    key: link ? key : '',
    link,
    nonce: context.request.createVisitorNonce(CONFIRM_EMAIL_NONCE),
  };
}

interface ActionData {
  state: Partial<AuthFormState>;
}

export async function action({ request, context }: PageActionArgs) {
  const fields = await formFields(request);
  const refuse = (refusal: Parameters<typeof formRefusal>[0]) =>
    formRefusal(refusal, (state): ActionData => ({ state }));
  if (
    !(await context.request.verifyVisitorNonce(
      CONFIRM_EMAIL_NONCE,
      fields[CONFIRM_EMAIL_NONCE_FIELD],
    ))
  )
    return refuse(nonceRefused);
  const form = confirmEmailForm.safeParse(fields);
  if (!form.success) return refuse(formUnreadable);
  const outcome = await confirmEmail(context.shop.accounts.operations, {
    key: form.data.key,
    sessionId: context.session?.id,
  });
  if (!outcome.ok) return refuse(outcome);
  if (outcome.kind === 'registered') {
    await context.shop.sessions.addNotice(outcome.session.id, {
      type: 'success',
      text: messages.accountCreated,
    });
    const secure = new URL(request.url).protocol === 'https:';
    return redirect('/my-account/', {
      status: 303,
      headers: { 'Set-Cookie': sessionCookieHeader(context.shop.secret, outcome.session, secure) },
    });
  }
  const text = format(messages.emailChanged, { email: outcome.email });
  const own = context.session?.customerId === outcome.customerId;
  if (context.session)
    await context.shop.sessions.addNotice(context.session.id, { type: 'success', text });
  return redirect(own ? '/my-account/edit-account/' : '/my-account/', 303);
}

export default function ConfirmEmail({
  loaderData,
  actionData,
}: {
  loaderData: Awaited<ReturnType<typeof loader>>;
  actionData?: ActionData;
}) {
  const { link, key, nonce } = loaderData;
  return (
    <div className="confirm-email-page">
      <h1>{messages.confirmEmailTitle}</h1>
      <FormMessage message={actionData?.state.message ?? null} />
      {link ? (
        <form method="post" className="account-form">
          <p>
            {format(
              link.purpose === 'registration'
                ? messages.confirmRegistrationIntro
                : messages.confirmEmailChangeIntro,
              { email: link.email },
            )}
          </p>
          <input type="hidden" name="key" value={key} />
          <input type="hidden" name={CONFIRM_EMAIL_NONCE_FIELD} value={nonce} />
          <p className="form-row">
            <button type="submit" className="button button-primary">
              {messages.confirmEmail}
            </button>
          </p>
        </form>
      ) : (
        !actionData && (
          <p className="notice notice-error" role="alert">
            {messages.confirmLinkInvalid}
          </p>
        )
      )}
    </div>
  );
}
