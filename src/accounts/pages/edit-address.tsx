import type { PageActionArgs, PageLoaderArgs } from '../../page-context.ts';
import { useMemo } from 'react';
import { data, redirect, type MetaFunction } from 'react-router';
import type { FieldError } from '../../platform/address/address.ts';
import { AddressFields } from '../../ui/address-fields.tsx';
import { formFields } from '../../platform/http/form-fields.ts';
import { messages } from '../../platform/messages/index.ts';
import { Notices, ownNoticesHandle, useWaitingNotices } from '../../ui/notices.tsx';
import searchableSelectStyles from '../../ui/searchable-select.css?url';
import { stylesheetLink } from '../../ui/stylesheet-link.ts';
import { EDIT_ADDRESS_NONCE, EDIT_ADDRESS_NONCE_FIELD } from '../nonces.ts';
import { updateAddress } from '../operations.ts';
import { privatePage } from './page-answers.ts';

export const meta: MetaFunction = () => [
  { title: `${messages.addresses} – ${messages.myAccount} – ${messages.shopName}` },
];
export const headers = privatePage;
/** The country and state fields are the checkout's searchable selects, styled as there. */
export const links = () => [stylesheetLink(searchableSelectStyles)];
export const handle = ownNoticesHandle;

type Kind = 'billing' | 'shipping';

function kindOf(param: string | undefined): Kind {
  if (param === 'billing' || param === 'shipping') return param;
  throw data(null, { status: 404 });
}

/** The form's starting values: the customer's current address, else (billing) their name and email. */
export async function loader({ context, params }: PageLoaderArgs) {
  const kind = kindOf(params.kind);
  const customer = await context.shop.accounts.customerOf(context.session);
  if (!customer) return null;
  const current = (await context.shop.accounts.addresses(customer.id))[kind] ?? {};
  const values: Record<string, string> = Object.fromEntries(
    Object.entries(current).map(([key, value]) => [`${kind}_${key}`, value]),
  );
  if (kind === 'billing') {
    values.billing_first_name ||= customer.firstName;
    values.billing_last_name ||= customer.lastName;
    values.billing_email ||= customer.email;
  }
  return { kind, values, nonce: context.nonce(EDIT_ADDRESS_NONCE) };
}

interface ActionData {
  errors: string[];
  fieldErrors: FieldError[];
  values: Record<string, string>;
}

/** Saves the address (checked with the checkout's country rules), then back to the addresses. */
export async function action({ request, context, params }: PageActionArgs) {
  const kind = kindOf(params.kind);
  const form = await formFields(request);
  const customer = await context.shop.accounts.customerOf(context.session);
  if (!customer) throw redirect('/my-account/', 303);
  if (!(await context.request.verifyNonce(EDIT_ADDRESS_NONCE, form[EDIT_ADDRESS_NONCE_FIELD])))
    return data<ActionData>(
      { errors: [messages.invalidNonce], fieldErrors: [], values: form },
      403,
    );
  const outcome = await updateAddress(context.shop.accounts.operations, {
    customerId: customer.id,
    kind,
    form,
  });
  if (!outcome.ok)
    return data<ActionData>(
      {
        errors: outcome.fieldErrors.map((e) => e.message),
        fieldErrors: outcome.fieldErrors,
        values: outcome.values,
      },
      400,
    );
  await context.request.addNotice({ type: 'success', text: messages.addressChanged });
  return redirect('/my-account/edit-address/', 303);
}

export default function EditAddress({
  loaderData,
  actionData,
}: {
  loaderData: Awaited<ReturnType<typeof loader>>;
  actionData?: ActionData;
}) {
  const waiting = useWaitingNotices();
  const errors = actionData?.errors;
  // One array while nothing changes: a new one would scroll to the notices again.
  const notices = useMemo(
    () => [...waiting, ...(errors ?? []).map((text) => ({ type: 'error' as const, text }))],
    [waiting, errors],
  );
  if (!loaderData) return null;
  const { kind, nonce } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  return (
    <>
      <h2>{kind === 'billing' ? messages.billingAddress : messages.shippingAddress}</h2>
      <Notices notices={notices} scrollIntoView />
      <form method="post" className="edit-address-form" noValidate>
        <AddressFields kind={kind} values={values} errors={actionData?.fieldErrors ?? []} />
        <input type="hidden" name={EDIT_ADDRESS_NONCE_FIELD} value={nonce} />
        <p className="form-row">
          <button type="submit" className="button button-primary" name="save_address" value="1">
            {messages.saveAddress}
          </button>
        </p>
      </form>
    </>
  );
}
