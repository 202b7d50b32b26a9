import { loadedOnFirstOpen, OnceOpened } from '../../ui/loaded-on-first-open.tsx';
import { useAuthDialog } from './auth-dialog-store.ts';
import type { AuthNonces } from './auth-dialogs.tsx';

/** The log-in, registration and lost-password dialogs' code; the account page has the same forms. */
const dialogs = loadedOnFirstOpen(
  () => import('./auth-dialogs.tsx').then((module) => module.AuthDialogs),
  '/my-account/',
);

/** Fetches the dialogs' code ahead of the click: the header's account button asks on hover and focus. */
export const preloadAuthDialogs = dialogs.prefetch;

/** The account dialogs, loaded the first time one opens. */
export function AuthDialogsWhenOpened({ nonces }: { nonces: AuthNonces }) {
  return (
    <OnceOpened open={useAuthDialog() !== null}>
      <dialogs.Part nonces={nonces} />
    </OnceOpened>
  );
}
