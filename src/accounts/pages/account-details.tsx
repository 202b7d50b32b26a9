import type { PageActionArgs, PageLoaderArgs } from '../../page-context.ts';
import { redirect, type MetaFunction } from 'react-router';
import { formFields } from '../../platform/http/form-fields.ts';
import { format, messages } from '../../platform/messages/index.ts';
import { sessionCookieHeader } from '../../platform/session/session-cookie.ts';
import { ACCOUNT_DETAILS_NONCE, ACCOUNT_DETAILS_NONCE_FIELD } from '../nonces.ts';
import { updateAccountDetails } from '../operations.ts';
import { accountDetailsForm } from '../schemas.ts';
import { FormMessage, PasswordField, TextField } from '../ui/auth-fields.tsx';
import type { AuthFormState } from '../ui/use-auth-form.ts';
import { formRefusal, privatePage, nonceRefused, formUnreadable } from './page-answers.ts';

export const meta: MetaFunction = () => [
  { title: `${messages.accountDetails} – ${messages.myAccount} – ${messages.shopName}` },
];
export const headers = privatePage;

export async function loader({ context }: PageLoaderArgs) {
  const customer = await context.shop.accounts.customerOf(context.session);
  if (!customer) return null;
  return {
    values: {
      account_first_name: customer.firstName,
      account_last_name: customer.lastName,
      account_display_name: customer.displayName || customer.firstName,
      account_email: customer.email,
    },
    nonce: context.nonce(ACCOUNT_DETAILS_NONCE),
  };
}

interface ActionData {
  state: Partial<AuthFormState>;
  values: Record<string, string>;
}

/** Saves names, display name, email (confirmed by mail) and password (needs the current one). */
export async function action({ request, context }: PageActionArgs) {
  const fields = await formFields(request);
  const customer = await context.shop.accounts.customerOf(context.session);
  if (!customer || !context.session) throw redirect('/my-account/', 303);
  const { password_current: _c, password_1: _n, password_2: _r, ...values } = fields;
  const refuse = (refusal: Parameters<typeof formRefusal>[0]) =>
    formRefusal(refusal, (state): ActionData => ({ state, values }));
  if (
    !(await context.request.verifyNonce(ACCOUNT_DETAILS_NONCE, fields[ACCOUNT_DETAILS_NONCE_FIELD]))
  )
    return refuse(nonceRefused);
  const form = accountDetailsForm.safeParse(fields);
  if (!form.success) return refuse(formUnreadable);
  const outcome = await updateAccountDetails(context.shop.accounts.operations, {
    customerId: customer.id,
    sessionId: context.session.id,
    ip: context.request.clientIp,
    firstName: form.data.account_first_name,
    lastName: form.data.account_last_name,
    displayName: form.data.account_display_name,
    email: form.data.account_email,
    currentPassword: form.data.password_current,
    newPassword: form.data.password_1,
    confirmation: form.data.password_2,
  });
  if (!outcome.ok) return refuse(outcome);
  const secure = new URL(request.url).protocol === 'https:';
  const headers = outcome.session
    ? { 'Set-Cookie': sessionCookieHeader(context.shop.secret, outcome.session, secure) }
    : undefined;
  // A new password means a new session: the notice waits in it.
  const notify = async (text: string) => {
    if (outcome.session)
      await context.shop.sessions.addNotice(outcome.session.id, { type: 'success', text });
    else await context.request.addNotice({ type: 'success', text });
  };
  await notify(messages.accountDetailsChanged);
  if (outcome.emailChangeSentTo)
    await notify(
      format(messages.emailChangeSent, {
        email: outcome.emailChangeSentTo,
        current: customer.email,
      }),
    );
  return redirect('/my-account/edit-account/', { status: 303, ...(headers && { headers }) });
}

/** `/my-account/edit-account/`: WooCommerce's account details form. */
export default function AccountDetails({
  loaderData,
  actionData,
}: {
  loaderData: Awaited<ReturnType<typeof loader>>;
  actionData?: ActionData;
}) {
  if (!loaderData) return null;
  const values = { ...loaderData.values, ...actionData?.values };
  const errors = actionData?.state.errors ?? {};
  const text = (
    field: keyof typeof loaderData.values,
    label: string,
    autoComplete: string,
    type: 'text' | 'email' = 'text',
  ) => (
    <TextField
      field={field}
      name={field}
      label={label}
      type={type}
      autoComplete={autoComplete}
      errors={errors}
      defaultValue={values[field] ?? ''}
      {...(field === 'account_display_name' && { hints: ['account_display_name_description'] })}
    >
      {field === 'account_display_name' && (
        <span id="account_display_name_description" className="description">
          {messages.displayNameHint}
        </span>
      )}
    </TextField>
  );
  return (
    <>
      <h2>{messages.accountDetails}</h2>
      <form
        method="post"
        className="woocommerce-EditAccountForm edit-account account-form"
        noValidate
      >
        <FormMessage message={actionData?.state.message ?? null} />
        <div className="form-grid form-grid-2">
          {text('account_first_name', messages.firstName, 'given-name')}
          {text('account_last_name', messages.lastName, 'family-name')}
        </div>
        {text('account_display_name', messages.displayName, 'nickname')}
        {text('account_email', messages.emailAddress, 'email', 'email')}
        <fieldset>
          <legend>{messages.passwordChange}</legend>
          <PasswordField
            field="password_current"
            name="password_current"
            label={messages.currentPassword}
            autoComplete="current-password"
            errors={errors}
            required={false}
          />
          <PasswordField
            field="password_1"
            name="password_1"
            label={messages.newPasswordOptional}
            autoComplete="new-password"
            errors={errors}
            required={false}
          />
          <PasswordField
            field="password_2"
            name="password_2"
            label={messages.confirmNewPassword}
            autoComplete="new-password"
            errors={errors}
            required={false}
          />
        </fieldset>
        <input type="hidden" name={ACCOUNT_DETAILS_NONCE_FIELD} value={loaderData.nonce} />
        <p className="form-row">
          <button
            type="submit"
            className="button button-primary"
            name="save_account_details"
            value="1"
          >
            {messages.saveChanges}
          </button>
        </p>
      </form>
    </>
  );
}
