import type { PageLoaderArgs } from '../../page-context.ts';
import { redirect, type MetaFunction } from 'react-router';
import { messages } from '../../platform/messages/index.ts';
import { verifyNonce } from '../../platform/nonce/nonce.ts';
import { sessionCookieHeader } from '../../platform/session/session-cookie.ts';
import { logoutUrl, safeRedirect } from '../account.ts';
import { LOGOUT_NONCE } from '../nonces.ts';

export const meta: MetaFunction = () => [{ title: `${messages.logOut} – ${messages.shopName}` }];
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

/**
 * WooCommerce's log-out endpoint: `/my-account/customer-logout/?_wpnonce=…&redirect=…`. With
 * its nonce it ends the session (and its cart) and goes to `redirect`; without one (a link from
 * elsewhere, an old page) it asks first, with a fresh link.
 */
export async function loader({ url, context }: PageLoaderArgs) {
  const { shop, session } = context;
  const target = safeRedirect(url.searchParams.get('redirect'), '/');
  if (!session?.customerId) throw redirect(target);
  if (!verifyNonce(shop.secret, url.searchParams.get('_wpnonce') ?? '', LOGOUT_NONCE, session.id))
    return { confirmUrl: logoutUrl(context.nonce(LOGOUT_NONCE), target) };
  await shop.accounts.endSession(session.id);
  context.cartChanged(await shop.cart.read(undefined));
  throw redirect(target, {
    headers: {
      'Set-Cookie': sessionCookieHeader(shop.secret, null, url.protocol === 'https:'),
    },
  });
}

export default function CustomerLogout({
  loaderData,
}: {
  loaderData: Awaited<ReturnType<typeof loader>>;
}) {
  return (
    <div className="logout-page">
      <h1>{messages.logOut}</h1>
      <p className="woocommerce-info">
        {messages.logoutConfirm} <a href={loaderData.confirmUrl}>{messages.confirmLogout}</a>
      </p>
    </div>
  );
}
