import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useAuthDialog } from './auth-dialog-store.ts';
import type { AuthNonces } from './auth-dialogs.tsx';

let dialogsCode: Promise<typeof import('./auth-dialogs.tsx')> | undefined;

/**
 * Fetches the account dialogs' code (the modal, the three forms and their checks) if it has not
 * been yet: the header's account button asks on hover and focus, ahead of the click.
 */
export function preloadAuthDialogs(): Promise<typeof import('./auth-dialogs.tsx')> {
  dialogsCode ??= import('./auth-dialogs.tsx').catch((error: unknown) => {
    dialogsCode = undefined;
    throw error;
  });
  return dialogsCode;
}

const AuthDialogsCode = lazy<ComponentType<{ nonces: AuthNonces }>>(() =>
  preloadAuthDialogs().then(
    (module) => ({ default: module.AuthDialogs }),
    (error: unknown) => {
      // The dialogs' code could not be fetched: the account page has the same forms.
      console.error(error);
      window.location.assign('/my-account/');
      return { default: () => null };
    },
  ),
);

/** The log-in, registration and lost-password dialogs, loaded the first time one opens. */
export function AuthDialogsWhenOpened({ nonces }: { nonces: AuthNonces }) {
  const open = useAuthDialog();
  const [opened, setOpened] = useState(false);
  if (open !== null && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogsCode nonces={nonces} />
    </Suspense>
  );
}
