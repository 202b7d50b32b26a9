import type { PageLoaderArgs } from '../../page-context.ts';
import { messages } from '../../platform/messages/index.ts';
import { customerName, logoutUrl } from '../account.ts';
import { LOGOUT_NONCE } from '../nonces.ts';
import { formatNodes } from '../ui/format-nodes.tsx';
import { privatePage } from './page-answers.ts';

export const headers = privatePage;

export async function loader({ context }: PageLoaderArgs) {
  const customer = await context.shop.accounts.customerOf(context.session);
  if (!customer) return null;
  return {
    name: customerName(customer),
    logoutUrl: logoutUrl(context.nonce(LOGOUT_NONCE), '/my-account/'),
  };
}

/** My-account's dashboard: who is logged in (and the way out), and what the account holds. */
export default function Dashboard({
  loaderData,
}: {
  loaderData: Awaited<ReturnType<typeof loader>>;
}) {
  if (!loaderData) return null;
  const name = <strong>{loaderData.name}</strong>;
  return (
    <div className="my-account-dashboard">
      <p>
        {formatNodes(messages.dashboardHello, {
          name,
          logout: <a href={loaderData.logoutUrl}>{messages.logOut}</a>,
        })}
      </p>
      <p>
        {formatNodes(messages.dashboardIntro, {
          orders: <a href="/my-account/orders/">{messages.dashboardOrders}</a>,
          addresses: <a href="/my-account/edit-address/">{messages.dashboardAddresses}</a>,
          details: <a href="/my-account/edit-account/">{messages.dashboardDetails}</a>,
        })}
      </p>
    </div>
  );
}
