import type { PageActionArgs, PageLoaderArgs } from '../../page-context.ts';
import fastifyCookie from '@fastify/cookie';
import { useState } from 'react';
import { data, redirect, type MetaFunction } from 'react-router';
import { formFields } from '../../platform/http/form-fields.ts';
import { messages } from '../../platform/messages/index.ts';
import { PASSWORD_RESET_LINK_MS } from '../../platform/constants/index.ts';
import { sessionCookieHeader } from '../../platform/session/session-cookie.ts';
import { visitorNonces } from '../account-header.ts';
import {
  LOST_PASSWORD_NONCE,
  LOST_PASSWORD_NONCE_FIELD,
  RESET_PASSWORD_NONCE,
  RESET_PASSWORD_NONCE_FIELD,
} from '../nonces.ts';
import { requestPasswordReset, resetKeyIsLive, resetPassword } from '../operations.ts';
import { lostPasswordForm, resetPasswordForm } from '../schemas.ts';
import { FormMessage, PasswordField } from '../ui/auth-fields.tsx';
import { LostPasswordForm } from '../ui/lost-password-form.tsx';
import { PasswordStrengthMeter, prepareStrengthMeter } from '../ui/password-strength-meter.tsx';
import type { AuthFormState } from '../ui/use-auth-form.ts';
import { formRefusal, privatePage, nonceRefused, formUnreadable } from './page-answers.ts';

export const meta: MetaFunction = () => [
  { title: `${messages.lostYourPassword} – ${messages.shopName}` },
];
// The link's key never leaves for another site in a Referer (no-referrer would make the
// browser send `Origin: null` with the page's own form).
export const headers: typeof privatePage = (args) => ({
  ...privatePage(args),
  'Referrer-Policy': 'same-origin',
});

const PAGE = '/my-account/lost-password/';
/** WooCommerce's move: the mailed key goes into a cookie for this page, out of the address bar. */
const KEY_COOKIE = 'shop_reset_key';

function keyCookie(key: string, secure: boolean): string {
  return fastifyCookie.serialize(KEY_COOKIE, key, {
    path: PAGE,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    ...(key === ''
      ? { maxAge: 0, expires: new Date(0) }
      : { maxAge: PASSWORD_RESET_LINK_MS / 1000 }),
  });
}

function keyOf(request: Request): string {
  return fastifyCookie.parse(request.headers.get('cookie') ?? '')[KEY_COOKIE] ?? '';
}

/**
 * `/my-account/lost-password/`: ask for a reset link; the mailed link (`?key=`) hands its key to
 * a cookie and comes back with `?show-reset-form=true`, where a new password is set. A used or
 * expired link is refused with the request form beneath, to ask for a new one.
 */
export async function loader({ request, context, url }: PageLoaderArgs) {
  const operations = context.shop.accounts.operations;
  const nonces = visitorNonces(context.request);
  const secure = url.protocol === 'https:';
  const key = url.searchParams.get('key');
  if (key !== null) {
    if (await resetKeyIsLive(operations, key))
      throw redirect(`${PAGE}?show-reset-form=true`, {
        headers: { 'Set-Cookie': keyCookie(key, secure) },
      });
    return { view: 'request' as const, nonce: nonces.lostPassword, linkRefused: true };
  }
  if (url.searchParams.get('show-reset-form') === 'true') {
    if (await resetKeyIsLive(operations, keyOf(request)))
      return {
        view: 'reset' as const,
        nonce: context.request.createVisitorNonce(RESET_PASSWORD_NONCE),
      };
    return { view: 'request' as const, nonce: nonces.lostPassword, linkRefused: true };
  }
  return { view: 'request' as const, nonce: nonces.lostPassword, linkRefused: false };
}

interface ActionData {
  form: 'request' | 'reset';
  state: Partial<AuthFormState>;
}

async function requestAction(fields: Record<string, string>, context: PageActionArgs['context']) {
  const refuse = (refusal: Parameters<typeof formRefusal>[0]) =>
    formRefusal(refusal, (state): ActionData => ({ form: 'request', state }));
  if (
    !(await context.request.verifyVisitorNonce(
      LOST_PASSWORD_NONCE,
      fields[LOST_PASSWORD_NONCE_FIELD],
    ))
  )
    return refuse(nonceRefused);
  const form = lostPasswordForm.safeParse(fields);
  if (!form.success) return refuse(formUnreadable);
  const outcome = await requestPasswordReset(context.shop.accounts.operations, {
    login: form.data.user_login,
    ip: context.request.clientIp,
  });
  if (!outcome.ok) return refuse(outcome);
  return data<ActionData>({
    form: 'request',
    state: { message: { type: 'success', text: messages.lostPasswordSent } },
  });
}

async function resetAction(
  fields: Record<string, string>,
  request: Request,
  context: PageActionArgs['context'],
) {
  const refuse = (refusal: Parameters<typeof formRefusal>[0], form: ActionData['form'] = 'reset') =>
    formRefusal(refusal, (state): ActionData => ({ form, state }));
  if (
    !(await context.request.verifyVisitorNonce(
      RESET_PASSWORD_NONCE,
      fields[RESET_PASSWORD_NONCE_FIELD],
    ))
  )
    return refuse(nonceRefused);
  const form = resetPasswordForm.safeParse(fields);
  if (!form.success) return refuse(formUnreadable);
  const outcome = await resetPassword(context.shop.accounts.operations, {
    key: keyOf(request),
    password: form.data.password_1,
    confirmation: form.data.password_2,
    sessionId: context.session?.id,
  });
  if (!outcome.ok) return refuse(outcome, outcome.kind === 'expired_link' ? 'request' : 'reset');
  await context.shop.sessions.addNotice(outcome.session.id, {
    type: 'success',
    text: messages.passwordResetDone,
  });
  const secure = new URL(request.url).protocol === 'https:';
  const headers = new Headers();
  headers.append('Set-Cookie', sessionCookieHeader(context.shop.secret, outcome.session, secure));
  headers.append('Set-Cookie', keyCookie('', secure));
  return redirect('/my-account/', { status: 303, headers });
}

/** The lost-password form without JavaScript, and the new-password form (always a page post). */
export async function action({ request, context }: PageActionArgs) {
  const fields = await formFields(request);
  if (RESET_PASSWORD_NONCE_FIELD in fields) return resetAction(fields, request, context);
  return requestAction(fields, context);
}

function ResetForm({ nonce, state }: { nonce: string; state: Partial<AuthFormState> | undefined }) {
  const errors = state?.errors ?? {};
  const [password, setPassword] = useState('');
  return (
    <form
      method="post"
      action={`${PAGE}?show-reset-form=true`}
      className="woocommerce-ResetPassword lost_reset_password account-form"
      onFocus={(event) => {
        if ((event.target as EventTarget as HTMLInputElement).name === 'password_1')
          prepareStrengthMeter();
      }}
      noValidate
    >
      <FormMessage message={state?.message ?? null} />
      <p>{messages.resetIntro}</p>
      <PasswordField
        field="password_1"
        name="password_1"
        label={messages.newPassword}
        autoComplete="new-password"
        errors={errors}
        hints={['password_1_strength']}
        onValueChange={setPassword}
      >
        <PasswordStrengthMeter id="password_1_strength" password={password} email="" />
      </PasswordField>
      <PasswordField
        field="password_2"
        name="password_2"
        label={messages.reenterNewPassword}
        autoComplete="new-password"
        errors={errors}
      />
      <input type="hidden" name={RESET_PASSWORD_NONCE_FIELD} value={nonce} />
      <p className="form-row">
        <button
          type="submit"
          className="button button-primary"
          name="wc_reset_password"
          value="true"
        >
          {messages.save}
        </button>
      </p>
    </form>
  );
}

export default function LostPassword({
  loaderData,
  actionData,
}: {
  loaderData: Awaited<ReturnType<typeof loader>>;
  actionData?: ActionData;
}) {
  const view = actionData?.form ?? loaderData.view;
  // A refused link's words, unless the form's own answer says more.
  const linkRefused = loaderData.linkRefused && !actionData;
  return (
    <div className="lost-password-page">
      <h1>{view === 'reset' ? messages.resetPassword : messages.lostYourPassword}</h1>
      {view === 'reset' ? (
        <ResetForm nonce={loaderData.nonce} state={actionData?.state} />
      ) : (
        <>
          {linkRefused && (
            <p className="notice notice-error" role="alert">
              {messages.resetLinkInvalid}
            </p>
          )}
          <LostPasswordForm
            nonce={loaderData.nonce}
            {...(actionData?.form === 'request' && { initial: actionData.state })}
            footer={
              <p className="account-form-switch">
                {messages.rememberedPassword} <a href="/my-account/">{messages.logInInstead}</a>
              </p>
            }
          />
        </>
      )}
    </div>
  );
}
