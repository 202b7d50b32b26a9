import type { PageLoaderArgs } from '../../page-context.ts';
import type { MetaFunction } from 'react-router';
import { addressLines } from '../../platform/address/address-format.ts';
import { format, messages } from '../../platform/messages/index.ts';
import { PostalAddress } from '../../ui/postal-address.tsx';
import { privatePage } from './page-answers.ts';

export const meta: MetaFunction = () => [
  { title: `${messages.addresses} – ${messages.myAccount} – ${messages.shopName}` },
];
export const headers = privatePage;

/** `/my-account/edit-address/`: the addresses the checkout starts from, each with its Edit link. */
export async function loader({ context }: PageLoaderArgs) {
  const customer = await context.shop.accounts.customerOf(context.session);
  if (!customer) return null;
  const { billing, shipping } = await context.shop.accounts.addresses(customer.id);
  const lines = (address: Record<string, string> | null) =>
    address ? addressLines({ country: '', ...address }) : [];
  return { billing: lines(billing), shipping: lines(shipping) };
}

function AddressCard({ kind, lines }: { kind: 'billing' | 'shipping'; lines: string[] }) {
  const title = kind === 'billing' ? messages.billingAddress : messages.shippingAddress;
  const action = lines.length > 0 ? messages.editAddress : messages.addAddress;
  return (
    <section className="account-address" aria-labelledby={`${kind}-address-heading`}>
      <h3 id={`${kind}-address-heading`}>{title}</h3>
      {lines.length > 0 ? <PostalAddress lines={lines} /> : <p>{messages.noAddressYet}</p>}
      <a className="button button-small" href={`/my-account/edit-address/${kind}/`}>
        {format(action, { address: title.toLowerCase() })}
      </a>
    </section>
  );
}

export default function Addresses({
  loaderData,
}: {
  loaderData: Awaited<ReturnType<typeof loader>>;
}) {
  if (!loaderData) return null;
  return (
    <>
      <h2>{messages.addresses}</h2>
      <p>{messages.addressesIntro}</p>
      <div className="account-addresses">
        <AddressCard kind="billing" lines={loaderData.billing} />
        <AddressCard kind="shipping" lines={loaderData.shipping} />
      </div>
    </>
  );
}
