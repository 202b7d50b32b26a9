import { useEffect, useState } from 'react';
import { shopMessages } from '../../platform/messages/shop.ts';
import { openAuthDialog } from './auth-dialog-store.ts';
import { preloadAuthDialogs } from './auth-dialogs-when-opened.tsx';

function PersonIcon() {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
    </svg>
  );
}

/**
 * The header's account link (CONTRACT §5). Logged in: `My account` with the customer's name, a
 * link to my-account. A visitor: `Account`, a link to `/my-account/` (log in or register) until
 * JavaScript runs, then a button that opens the `Log in` dialog.
 */
export function AccountLink({ customerName }: { customerName: string | null }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (customerName !== null)
    return (
      <a href="/my-account/" className="account-link account-link-customer">
        <PersonIcon />
        <span className="account-link-text">
          <span className="account-link-label">{shopMessages.accountLinkCustomer}</span>{' '}
          <span className="account-link-name">{customerName}</span>
        </span>
      </a>
    );
  const label = <span className="account-link-text">{shopMessages.accountLinkVisitor}</span>;
  if (!hydrated)
    return (
      <a href="/my-account/" className="account-link">
        <PersonIcon />
        {label}
      </a>
    );
  return (
    <button
      type="button"
      className="account-link"
      aria-haspopup="dialog"
      onClick={() => openAuthDialog('login')}
      onPointerEnter={preloadAuthDialogs}
      onFocus={preloadAuthDialogs}
    >
      <PersonIcon />
      {label}
    </button>
  );
}
