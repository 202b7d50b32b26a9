import { cartRepo } from '../cart/cart.repo.ts';
import { mergeCarts } from '../cart/cart-contents.ts';
import {
  addressFromForm,
  isValidEmail,
  validateAddress,
  type AddressKind,
  type FieldError,
} from '../platform/address/address.ts';
import { EMAIL_CONFIRM_LINK_MS, PASSWORD_RESET_LINK_MS } from '../platform/constants/index.ts';
import type { Db, Tx } from '../platform/db/database.ts';
import { format, messages } from '../platform/messages/index.ts';
import type { RateVerdict } from '../platform/rate-limit/rate-limit.ts';
import { rotateSession, type Session } from '../platform/session/session.ts';
import { customerName, newPasswordProblem, normalizeEmail, type Customer } from './account.ts';
import type { AccountLimits } from './account-limits.ts';
import type { AccountLinks, AccountMails } from './mails.ts';
import { isTokenShaped, newToken, type TokenPurpose } from './account-tokens.ts';
import { accountTokensRepo } from './account-tokens.repo.ts';
import { accountsRepo } from './accounts.repo.ts';
import { authenticate } from './login.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { personalWords } from './password-strength.ts';
import { serverPasswordStrength } from './password-strength-worker.ts';

/**
 * Each business action on customer accounts, once: a typed input in, a typed result out (no
 * HTTP inside). Every door (admin-ajax, my-account's page actions, the checkout) adapts these.
 */
export interface AccountDeps {
  db: Db;
  mails: AccountMails;
  links: AccountLinks;
  throttle: LoginThrottle;
  limits: AccountLimits;
  now: () => Date;
}

/** Why an account action refused, with the words for each form field (by field id). */
export interface AccountRefusal {
  ok: false;
  /** `invalid`: the form's own problems; `refused`: wrong credentials; `expired_link`: a mailed link that is no good. */
  kind: 'invalid' | 'refused' | 'rate_limited' | 'expired_link';
  code: string;
  message: string;
  /** Seed 000 §3: field id -> message, shown beneath that field. */
  errors: Record<string, string>;
  retryAfterMs?: number;
}

function refusal(
  kind: AccountRefusal['kind'],
  code: string,
  errors: Record<string, string>,
  message = [...new Set(Object.values(errors))].join(' '),
): AccountRefusal {
  return { ok: false, kind, code, message, errors };
}

function throttled(verdict: RateVerdict, text: string, field: string): AccountRefusal | null {
  if (verdict.allowed) return null;
  const message = format(text, { minutes: Math.max(1, Math.ceil(verdict.retryAfterMs / 60_000)) });
  return {
    ...refusal('rate_limited', 'too_many_attempts', { [field]: message }),
    retryAfterMs: verdict.retryAfterMs,
  };
}

const expiredLink = (message: string) => refusal('expired_link', 'invalid_key', {}, message);

/** Why a new password will not do (length, then guessability), or null. */
async function newPasswordRefusal(password: string, email: string): Promise<string | null> {
  const problem = newPasswordProblem(password);
  if (problem) return problem;
  const strength = await serverPasswordStrength(password, personalWords(email));
  return strength.strongEnough
    ? null
    : `${messages.passwordTooWeak} ${strength.reason ?? ''}`.trim();
}

/**
 * The customer's session from now on, in the caller's transaction: a new id (the old one is worth
 * nothing after a log-in), carrying the visitor's cart merged into the customer's saved cart.
 */
export async function startCustomerSession(
  tx: Db,
  oldSessionId: string | undefined,
  customerId: number,
  now: Date,
): Promise<Session> {
  const session = await rotateSession(tx, oldSessionId, customerId, now);
  const carts = cartRepo(tx);
  const merged = mergeCarts(await carts.saved(customerId), await carts.load(session.id));
  if (merged.items.length > 0 || merged.coupons.length > 0) await carts.save(session.id, merged);
  return session;
}

// Log in -------------------------------------------------------------------------------------

export interface LogInInput {
  sessionId: string | undefined;
  username: string;
  password: string;
  ip: string;
}

export type LogInResult = { ok: true; session: Session; customer: Customer } | AccountRefusal;

/** Email and password: the customer's session (their carts merged) or the same refusal for any wrong pair. */
export async function logIn(deps: AccountDeps, input: LogInInput): Promise<LogInResult> {
  const customers = accountsRepo(deps.db);
  const result = await authenticate(
    { findByEmail: customers.findByEmail, throttle: deps.throttle },
    input,
  );
  if (!result.ok) {
    const kinds = {
      missing_credentials: 'invalid',
      invalid_credentials: 'refused',
      too_many_attempts: 'rate_limited',
    } as const;
    return {
      ...refusal(kinds[result.code], result.code, result.errors, result.message),
      ...(result.retryAfterMs !== undefined && { retryAfterMs: result.retryAfterMs }),
    };
  }
  const session = await deps.db
    .transaction()
    .execute((tx) => startCustomerSession(tx, input.sessionId, result.customer.id, deps.now()));
  return { ok: true, session, customer: result.customer };
}

// Register -----------------------------------------------------------------------------------

export interface RegisterInput {
  email: string;
  password: string;
  ip: string;
}

/**
 * Asks for an account. The answer is the same whether the address has one or not (no account
 * enumeration): a new address is mailed a link that opens the account with this password once
 * followed; an address with an account is mailed how to log in or reset its password. Nothing
 * is created until the address is confirmed, so no one can hold an address they cannot read.
 */
export async function requestRegistration(
  deps: AccountDeps,
  input: RegisterInput,
): Promise<{ ok: true; email: string } | AccountRefusal> {
  const email = normalizeEmail(input.email);
  const errors: Record<string, string> = {};
  if (!isValidEmail(email)) errors.reg_email = messages.accountEmailRequired;
  const weak = await newPasswordRefusal(input.password, email);
  if (weak) errors.reg_password = weak;
  if (Object.keys(errors).length > 0) return refusal('invalid', 'invalid_registration', errors);
  const limited = throttled(
    await deps.limits.registration(input.ip, email),
    messages.registerThrottled,
    'reg_email',
  );
  if (limited) return limited;
  // Hashed either way, so both answers take as long.
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  await deps.db.transaction().execute(async (tx) => {
    const existing = await accountsRepo(tx).findByEmail(email);
    if (existing) {
      await deps.mails.alreadyRegistered(tx, {
        to: existing.email,
        name: customerName(existing),
        logInUrl: deps.links.logIn(),
        lostPasswordUrl: deps.links.lostPassword(),
      });
      return;
    }
    const { token, hash } = newToken();
    await accountTokensRepo(tx).insert({
      hash,
      purpose: 'registration',
      customerId: null,
      email,
      passwordHash,
      now,
      lifetimeMs: EMAIL_CONFIRM_LINK_MS,
    });
    await deps.mails.confirmRegistration(tx, {
      to: email,
      confirmUrl: deps.links.confirmEmail(token),
    });
  });
  return { ok: true, email };
}

// Confirm an address (a new account, a changed email) ------------------------------------------

const confirmPurposes: readonly TokenPurpose[] = ['registration', 'email_change'];

/** What a confirmation link is for, while it is still good (the page asks before using it). */
export async function inspectConfirmLink(
  deps: AccountDeps,
  key: unknown,
): Promise<{ purpose: TokenPurpose; email: string } | null> {
  if (!isTokenShaped(key)) return null;
  const token = await accountTokensRepo(deps.db).findLive(key, confirmPurposes, deps.now());
  return token ? { purpose: token.purpose, email: token.email } : null;
}

export type ConfirmEmailResult =
  | { ok: true; kind: 'registered'; session: Session; customer: Customer }
  | { ok: true; kind: 'email_changed'; email: string; customerId: number }
  | AccountRefusal;

/**
 * Uses a confirmation link, once: a registration opens the account with the password chosen
 * then and logs the visitor in (their cart kept); an email change moves the account to the new
 * address. A used, expired or unknown link, or an address taken meanwhile, is refused.
 */
export async function confirmEmail(
  deps: AccountDeps,
  input: { key: string; sessionId: string | undefined },
): Promise<ConfirmEmailResult> {
  const refused = expiredLink(messages.confirmLinkInvalid);
  if (!isTokenShaped(input.key)) return refused;
  const now = deps.now();
  return deps.db.transaction().execute(async (tx): Promise<ConfirmEmailResult> => {
    const tokens = accountTokensRepo(tx);
    const customers = accountsRepo(tx);
    const token = await tokens.consume(input.key, confirmPurposes, now);
    if (!token) return refused;
    if (await customers.findByEmail(token.email)) return refused;
    if (token.purpose === 'registration' && token.passwordHash) {
      const customer = await customers.create({
        email: token.email,
        passwordHash: token.passwordHash,
        firstName: '',
        lastName: '',
      });
      if (!customer) return refused;
      await tokens.retireForEmail(token.email, 'registration', now);
      const session = await startCustomerSession(tx, input.sessionId, customer.id, now);
      await deps.mails.accountCreated(tx, {
        customerId: customer.id,
        to: customer.email,
        name: customerName(customer),
        accountUrl: deps.links.myAccount(),
      });
      return { ok: true, kind: 'registered', session, customer };
    }
    if (token.purpose !== 'email_change' || token.customerId === null) return refused;
    if (!(await customers.setEmail(token.customerId, token.email))) return refused;
    await tokens.retireForCustomer(token.customerId, 'email_change', now);
    // Reset links went to the old address: they no longer name this account's inbox.
    await tokens.retireForCustomer(token.customerId, 'password_reset', now);
    return { ok: true, kind: 'email_changed', email: token.email, customerId: token.customerId };
  });
}

// Lost password ------------------------------------------------------------------------------

/**
 * Mails a single-use link that sets a new password (it works for an hour; a newer request ends
 * the older links). The answer is the same whether the address has an account or not, and both
 * cases store a link, so they take as long.
 */
export async function requestPasswordReset(
  deps: AccountDeps,
  input: { login: string; ip: string },
): Promise<{ ok: true } | AccountRefusal> {
  const login = normalizeEmail(input.login);
  if (login === '')
    return refusal('invalid', 'invalid_username', { user_login: messages.enterUsernameOrEmail });
  const limited = throttled(
    await deps.limits.passwordReset(input.ip, login),
    messages.lostPasswordThrottled,
    'user_login',
  );
  if (limited) return limited;
  const now = deps.now();
  await deps.db.transaction().execute(async (tx) => {
    const tokens = accountTokensRepo(tx);
    const customer = await accountsRepo(tx).findByEmail(login);
    const { token, hash } = newToken();
    if (customer) await tokens.retireForCustomer(customer.id, 'password_reset', now);
    await tokens.insert({
      hash,
      purpose: 'password_reset',
      customerId: customer?.id ?? null,
      email: customer?.email ?? login,
      now,
      lifetimeMs: PASSWORD_RESET_LINK_MS,
    });
    if (!customer) return;
    await deps.mails.passwordReset(tx, {
      to: customer.email,
      name: customerName(customer),
      resetUrl: deps.links.resetPassword(token),
    });
  });
  return { ok: true };
}

/** Whether a reset link is still good (the page shows its form only then). */
export async function resetKeyIsLive(deps: AccountDeps, key: unknown): Promise<boolean> {
  if (!isTokenShaped(key)) return false;
  const token = await accountTokensRepo(deps.db).findLive(key, ['password_reset'], deps.now());
  return token?.customerId != null;
}

export interface ResetPasswordInput {
  key: string;
  password: string;
  confirmation: string;
  sessionId: string | undefined;
}

/**
 * Sets a new password through a reset link, once: the link is used up, the customer's other
 * links and sessions end (whoever knew the old password is logged out), and the visitor goes on
 * logged in.
 */
export async function resetPassword(
  deps: AccountDeps,
  input: ResetPasswordInput,
): Promise<{ ok: true; session: Session; customer: Customer } | AccountRefusal> {
  const refused = expiredLink(messages.resetLinkInvalid);
  if (!isTokenShaped(input.key)) return refused;
  const live = await accountTokensRepo(deps.db).findLive(input.key, ['password_reset'], deps.now());
  if (!live || live.customerId === null) return refused;
  const errors: Record<string, string> = {};
  const weak = await newPasswordRefusal(input.password, live.email);
  if (weak) errors.password_1 = weak;
  else if (input.password !== input.confirmation) errors.password_2 = messages.passwordsDoNotMatch;
  if (Object.keys(errors).length > 0) return refusal('invalid', 'invalid_password', errors);
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  return deps.db.transaction().execute(async (tx) => {
    const tokens = accountTokensRepo(tx);
    const token = await tokens.consume(input.key, ['password_reset'], now);
    const customer = token?.customerId
      ? await accountsRepo(tx).findById(token.customerId)
      : undefined;
    if (!customer) return refused;
    await accountsRepo(tx).setPasswordHash(customer.id, passwordHash);
    await tokens.retireForCustomer(customer.id, 'password_reset', now);
    const session = await startCustomerSession(tx, input.sessionId, customer.id, now);
    await endOtherSessions(tx, customer.id, session.id);
    return { ok: true, session, customer: { ...customer, passwordHash } };
  });
}

/** Logs a customer out everywhere but here (their carts go; the saved cart stays). */
async function endOtherSessions(tx: Db, customerId: number, keep: string): Promise<void> {
  const others = tx
    .selectFrom('sessions')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('id', '!=', keep);
  await tx.deleteFrom('carts').where('session_id', 'in', others).execute();
  await tx
    .deleteFrom('sessions')
    .where('customer_id', '=', customerId)
    .where('id', '!=', keep)
    .execute();
}

// Account details ----------------------------------------------------------------------------

export interface AccountDetailsInput {
  customerId: number;
  sessionId: string;
  ip: string;
  firstName: string;
  lastName: string;
  displayName: string;
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}

export type AccountDetailsResult =
  | {
      ok: true;
      /** The new address a confirmation link went to; the account keeps the old one till then. */
      emailChangeSentTo: string | null;
      /** After a new password: the session this browser goes on with (the others ended). */
      session: Session | null;
    }
  | AccountRefusal;

/** WooCommerce's account-details rules: every name and the email required, a display name that is no email. */
function detailsErrors(input: AccountDetailsInput): Record<string, string> {
  const errors: Record<string, string> = {};
  const required: [keyof AccountDetailsInput, string, string][] = [
    ['firstName', 'account_first_name', messages.firstName],
    ['lastName', 'account_last_name', messages.lastName],
    ['displayName', 'account_display_name', messages.displayName],
    ['email', 'account_email', messages.emailAddress],
  ];
  for (const [key, field, label] of required)
    if (String(input[key]).trim() === '')
      errors[field] = format(messages.fieldRequired, { field: label });
  if (!errors.account_email && !isValidEmail(normalizeEmail(input.email)))
    errors.account_email = messages.accountEmailRequired;
  if (!errors.account_display_name && isValidEmail(input.displayName.trim()))
    errors.account_display_name = messages.displayNameNotEmail;
  return errors;
}

/**
 * Names, display name, email and password. A new password or a new email needs the current
 * password (checked under the log-in throttle); a new email is only mailed a confirmation link,
 * so no one learns here whether another account has it.
 */
export async function updateAccountDetails(
  deps: AccountDeps,
  input: AccountDetailsInput,
): Promise<AccountDetailsResult> {
  const customers = accountsRepo(deps.db);
  const customer = await customers.findById(input.customerId);
  if (!customer) return refusal('refused', 'not_logged_in', {}, messages.logInToContinue);
  const errors = detailsErrors(input);
  const email = normalizeEmail(input.email);
  const changesEmail = !errors.account_email && email !== customer.email;
  const changesPassword = input.newPassword !== '' || input.confirmation !== '';
  // A current password alone changes nothing, unless it comes with a new email.
  const incomplete = changesPassword
    ? input.newPassword === '' || input.confirmation === '' || input.currentPassword === ''
    : input.currentPassword !== '' && !changesEmail;
  if (incomplete) errors.password_current = messages.fillAllPasswordFields;
  else if (changesPassword) {
    const weak = await newPasswordRefusal(input.newPassword, customer.email);
    if (weak) errors.password_1 = weak;
    else if (input.newPassword !== input.confirmation)
      errors.password_2 = messages.passwordsDoNotMatch;
    else if (input.newPassword === input.currentPassword)
      errors.password_1 = messages.newPasswordSameAsCurrent;
  } else if (changesEmail && input.currentPassword === '')
    errors.password_current = messages.enterCurrentPasswordForEmail;
  if (Object.keys(errors).length > 0) return refusal('invalid', 'invalid_account_details', errors);
  if (changesPassword || changesEmail) {
    const verdict = await deps.throttle.attempt(input.ip, customer.email);
    const limited = throttled(verdict, messages.loginThrottled, 'password_current');
    if (limited) return limited;
    if (!(await verifyPassword(input.currentPassword, customer.passwordHash)))
      return refusal('refused', 'incorrect_password', {
        password_current: messages.currentPasswordWrong,
      });
    await deps.throttle.succeeded(input.ip, customer.email);
  }
  const passwordHash = changesPassword ? await hashPassword(input.newPassword) : null;
  const now = deps.now();
  return deps.db.transaction().execute(async (tx) => {
    const repo = accountsRepo(tx);
    const names = {
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      displayName: input.displayName.trim(),
    };
    await repo.updateNames(customer.id, names);
    let session: Session | null = null;
    if (passwordHash) {
      await repo.setPasswordHash(customer.id, passwordHash);
      session = await startCustomerSession(tx, input.sessionId, customer.id, now);
      await endOtherSessions(tx, customer.id, session.id);
    }
    if (changesEmail) await offerEmailChange(deps, tx, { ...customer, ...names }, email, now);
    return { ok: true, emailChangeSentTo: changesEmail ? email : null, session };
  });
}

/** Mails the new address: a link that moves the account there, or, if taken, how its owner logs in. */
async function offerEmailChange(
  deps: AccountDeps,
  tx: Tx,
  customer: Customer,
  email: string,
  now: Date,
): Promise<void> {
  const owner = await accountsRepo(tx).findByEmail(email);
  if (owner) {
    await deps.mails.alreadyRegistered(tx, {
      to: owner.email,
      name: customerName(owner),
      logInUrl: deps.links.logIn(),
      lostPasswordUrl: deps.links.lostPassword(),
    });
    return;
  }
  const tokens = accountTokensRepo(tx);
  await tokens.retireForCustomer(customer.id, 'email_change', now);
  const { token, hash } = newToken();
  await tokens.insert({
    hash,
    purpose: 'email_change',
    customerId: customer.id,
    email,
    now,
    lifetimeMs: EMAIL_CONFIRM_LINK_MS,
  });
  await deps.mails.confirmEmailChange(tx, {
    to: email,
    name: customerName(customer),
    confirmUrl: deps.links.confirmEmail(token),
  });
}

// Addresses ----------------------------------------------------------------------------------

/** Keeps a billing or shipping address, checked with the checkout's country rules. */
export async function updateAddress(
  deps: AccountDeps,
  input: { customerId: number; kind: AddressKind; form: Record<string, unknown> },
): Promise<
  { ok: true } | { ok: false; fieldErrors: FieldError[]; values: Record<string, string> }
> {
  const address = addressFromForm(input.form, input.kind);
  const fieldErrors = validateAddress(address, input.kind);
  const values = Object.fromEntries(
    Object.entries(address).map(([key, value]) => [`${input.kind}_${key}`, String(value)]),
  );
  if (fieldErrors.length > 0) return { ok: false, fieldErrors, values };
  await accountsRepo(deps.db).saveAddress(
    input.customerId,
    input.kind,
    { ...address } as Record<string, string>,
    deps.now(),
  );
  return { ok: true };
}
