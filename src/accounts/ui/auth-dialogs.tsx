import { useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { accountMessages } from '../../platform/messages/accounts.ts';
import { checkoutAccountMessages } from '../../platform/messages/checkout-account.ts';
import { openAuthDialog, useAuthDialog, type AuthDialog } from './auth-dialog-store.ts';
import { LoginForm } from './login-form.tsx';
import { LostPasswordForm } from './lost-password-form.tsx';
import { RegisterForm } from './register-form.tsx';

/** The visitor's nonces for the three forms (bound to no session: see RequestContext). */
export interface AuthNonces {
  login: string;
  register: string;
  lostPassword: string;
}

const titles: Record<Exclude<AuthDialog, null>, string> = {
  login: checkoutAccountMessages.logIn,
  register: accountMessages.register,
  'lost-password': accountMessages.lostYourPassword,
};

function SwitchTo({ dialog, children }: { dialog: AuthDialog; children: string }) {
  return (
    <button type="button" className="link-button" onClick={() => openAuthDialog(dialog)}>
      {children}
    </button>
  );
}

/** The form of the open dialog, with the ways to the other two beneath it. */
function DialogForm({ dialog, nonces }: { dialog: Exclude<AuthDialog, null>; nonces: AuthNonces }) {
  const idPrefix = 'dialog_';
  if (dialog === 'register')
    return (
      <RegisterForm
        nonce={nonces.register}
        idPrefix={idPrefix}
        autoFocus
        footer={
          <p className="account-form-switch">
            {accountMessages.alreadyRegistered}{' '}
            <SwitchTo dialog="login">{accountMessages.logInInstead}</SwitchTo>
          </p>
        }
      />
    );
  if (dialog === 'lost-password')
    return (
      <LostPasswordForm
        nonce={nonces.lostPassword}
        idPrefix={idPrefix}
        autoFocus
        footer={
          <p className="account-form-switch">
            {accountMessages.rememberedPassword}{' '}
            <SwitchTo dialog="login">{accountMessages.logInInstead}</SwitchTo>
          </p>
        }
      />
    );
  return (
    <LoginForm
      nonce={nonces.login}
      // Back to this page, now logged in.
      redirect={`${window.location.pathname}${window.location.search}`}
      idPrefix={idPrefix}
      autoFocus
      footer={
        <div className="account-form-switch">
          <p>
            <SwitchTo dialog="lost-password">{accountMessages.lostYourPassword}</SwitchTo>
          </p>
          <p>
            {accountMessages.newCustomer}{' '}
            <SwitchTo dialog="register">{accountMessages.register}</SwitchTo>
          </p>
        </div>
      }
    />
  );
}

/**
 * Seed 000 §2: the log-in, registration and lost-password modals, each opening from the others
 * and from the header's account button. Dialogs named `Log in`, `Register` and `Lost your
 * password?` (CONTRACT §5); Escape, `Close` or a click outside closes them, focus stays inside.
 */
export function AuthDialogs({ nonces }: { nonces: AuthNonces }) {
  const open = useAuthDialog();
  // The last dialog stays drawn while the overlay fades out.
  const [dialog, setDialog] = useState(open);
  if (open !== null && open !== dialog) setDialog(open);
  return (
    <ModalOverlay
      className="auth-overlay"
      isOpen={open !== null}
      onOpenChange={(isOpen) => !isOpen && openAuthDialog(null)}
      isDismissable
    >
      <Modal className="auth-modal">
        {dialog && (
          // A new dialog for each form: its name is its title, and its first field takes focus.
          <Dialog key={dialog} className="auth-dialog">
            <div className="auth-dialog-header">
              <Heading slot="title" className="auth-dialog-title">
                {titles[dialog]}
              </Heading>
              <Button className="auth-dialog-close" slot="close" aria-label={accountMessages.close}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" />
                </svg>
              </Button>
            </div>
            <DialogForm dialog={dialog} nonces={nonces} />
          </Dialog>
        )}
      </Modal>
    </ModalOverlay>
  );
}
