import type { PageLoaderArgs } from '../../page-context.ts';
import type { MetaFunction } from 'react-router';
import { messages } from '../../platform/messages/index.ts';
import { privatePage } from './page-answers.ts';

export const meta: MetaFunction = () => [
  { title: `${messages.paymentMethods} – ${messages.myAccount} – ${messages.shopName}` },
];
export const headers = privatePage;

/**
 * `/my-account/payment-methods/` (CONTRACT §1): the customer's saved payment methods. The shop
 * saves none yet (that is the saved-methods work to come), so the page is its empty state.
 */
export async function loader({ context }: PageLoaderArgs) {
  return (await context.shop.accounts.customerOf(context.session)) ? {} : null;
}

export default function PaymentMethods({
  loaderData,
}: {
  loaderData: Awaited<ReturnType<typeof loader>>;
}) {
  if (!loaderData) return null;
  return (
    <>
      <h2>{messages.paymentMethods}</h2>
      <div className="notice woocommerce-info">
        <span>{messages.noSavedMethods}</span>
      </div>
      <p className="saved-methods-note">{messages.savedMethodsLater}</p>
    </>
  );
}
