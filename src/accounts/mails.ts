import type { Tx } from '../platform/db/database.ts';

/**
 * The mails accounts send, each queued in the transaction of the event that causes it (so a mail
 * is sent exactly when its event happened). The composition root wires them to the shop's mail
 * queue; accounts knows only these calls.
 */
export interface AccountMails {
  /** A new address asked for an account: the link that confirms it and opens the account. */
  confirmRegistration(tx: Tx, mail: { to: string; confirmUrl: string }): Promise<void>;
  /**
   * Someone asked for an account (or for this address on another account) where one exists: the
   * owner learns it, with the ways in. The visitor who asked sees the same answer as for a new address.
   */
  alreadyRegistered(
    tx: Tx,
    mail: { to: string; name: string; logInUrl: string; lostPasswordUrl: string },
  ): Promise<void>;
  /** The account exists now (its address confirmed, or opened at the checkout). */
  accountCreated(
    tx: Tx,
    mail: { customerId: number; to: string; name: string; accountUrl: string },
  ): Promise<void>;
  /** The single-use link that sets a new password. */
  passwordReset(tx: Tx, mail: { to: string; name: string; resetUrl: string }): Promise<void>;
  /** The link that makes a new address the account's email. */
  confirmEmailChange(tx: Tx, mail: { to: string; name: string; confirmUrl: string }): Promise<void>;
}

export type AccountMailKind = keyof AccountMails;

/** The shop's absolute links in mails: from its configured address, never a request's Host header. */
export interface AccountLinks {
  confirmEmail(token: string): string;
  resetPassword(token: string): string;
  logIn(): string;
  lostPassword(): string;
  myAccount(): string;
}

/** `publicUrl` is asked each time: a test shop learns its port only once it listens. */
export function accountLinks(publicUrl: () => string): AccountLinks {
  const at = (path: string) => `${publicUrl().replace(/\/+$/, '')}${path}`;
  return {
    confirmEmail: (token) => at(`/my-account/confirm-email/?key=${token}`),
    resetPassword: (token) => at(`/my-account/lost-password/?key=${token}`),
    logIn: () => at('/my-account/'),
    lostPassword: () => at('/my-account/lost-password/'),
    myAccount: () => at('/my-account/'),
  };
}

/**
 * Until the shop's mail queue is wired in: says, without the link, that a mail was not sent.
 * Never a stand-in for real mail in production.
 */
export function unsentAccountMails(warn: (message: string) => void): AccountMails {
  const skip = (kind: AccountMailKind) => async () =>
    warn(`account mail "${kind}" not sent: no mail queue is wired`);
  return {
    confirmRegistration: skip('confirmRegistration'),
    alreadyRegistered: skip('alreadyRegistered'),
    accountCreated: skip('accountCreated'),
    passwordReset: skip('passwordReset'),
    confirmEmailChange: skip('confirmEmailChange'),
  };
}
