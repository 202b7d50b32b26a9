import { useSyncExternalStore } from 'react';

/** Which account dialog is open: log in, register, lost password, or none. */
export type AuthDialog = 'login' | 'register' | 'lost-password' | null;

let open: AuthDialog = null;
const listeners = new Set<() => void>();

/** Opens a dialog (or, with null, closes it); each dialog opens the others through this. */
export function openAuthDialog(dialog: AuthDialog): void {
  open = dialog;
  for (const listener of listeners) listener();
}

export function useAuthDialog(): AuthDialog {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => null,
  );
}
