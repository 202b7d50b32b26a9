import type { Db } from '../platform/db/database.ts';
import { messages } from '../platform/messages/index.ts';
import type { Session, SessionRepo } from '../platform/session/session.ts';
import type { SettingsStore } from '../platform/settings/settings.ts';
import {
  checkoutAccountRules,
  checkoutPrefill,
  newPasswordProblem,
  normalizeEmail,
  type CheckoutAccountRules,
  type Customer,
} from './account.ts';
import { queueAccountCreatedMail } from './account-mails.tsx';
import { accountsRepo } from './accounts.repo.ts';
import { authenticate, type LoginInput, type LoginResult } from './login.ts';
import { loginThrottle, type LoginThrottle } from './login-throttle.ts';
import { hashPassword } from './password.ts';

export interface Registration {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The absolute address of `/my-account/`, for the welcome mail. */
  accountUrl: string;
}

/**
 * Customers and their sessions: logging in and out, opening an account, and what the checkout
 * offers and prefills for them. Wired once per shop; the log-in counters are in the database.
 */
export function accountsService(
  db: Db,
  sessions: SessionRepo,
  settings: SettingsStore,
  throttle: LoginThrottle = loginThrottle(db),
) {
  const customers = accountsRepo(db);
  return {
    customers,

    async checkoutRules(customerId: number | null): Promise<CheckoutAccountRules> {
      return checkoutAccountRules(await settings.read(), customerId !== null);
    },

    logIn(input: LoginInput): Promise<LoginResult> {
      return authenticate({ findByEmail: customers.findByEmail, throttle }, input);
    },

    /**
     * Logs a visitor in with email and password: on success the session they go on with (a new
     * id carrying their cart); otherwise the refusal, with nothing changed.
     */
    async logInSession(
      currentSessionId: string | undefined,
      input: LoginInput,
    ): Promise<
      { ok: true; session: Session; customer: Customer } | Extract<LoginResult, { ok: false }>
    > {
      const result = await authenticate({ findByEmail: customers.findByEmail, throttle }, input);
      if (!result.ok) return result;
      const session = await sessions.rotate(currentSessionId, result.customer.id);
      return { ok: true, session, customer: result.customer };
    },

    /** The customer's session from now on: a new id carrying the old session's cart. */
    startSession(oldSessionId: string | undefined, customerId: number): Promise<Session> {
      return sessions.rotate(oldSessionId, customerId);
    },

    endSession(sessionId: string): Promise<void> {
      return sessions.end(sessionId);
    },

    /**
     * Opens an account: a password that will do and an email without an account yet. Its
     * welcome mail is queued in the same transaction.
     */
    async register(input: Registration): Promise<{ customer: Customer } | { error: string }> {
      const problem = newPasswordProblem(input.password);
      if (problem) return { error: problem };
      const email = normalizeEmail(input.email);
      if (email === '') return { error: messages.accountEmailRequired };
      if (await customers.findByEmail(email)) return { error: messages.accountExists };
      const passwordHash = await hashPassword(input.password);
      // The account and its welcome mail, together or not at all.
      const customer = await db.transaction().execute(async (trx) => {
        const created = await accountsRepo(trx).create({
          email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
        });
        if (created) {
          await queueAccountCreatedMail(trx, {
            customerId: created.id,
            to: created.email,
            name: created.firstName,
            accountUrl: input.accountUrl,
          });
        }
        return created;
      });
      return customer ? { customer } : { error: messages.accountExists };
    },

    async prefill(customer: Customer): Promise<Record<string, string>> {
      return checkoutPrefill(customer, await customers.lastAddresses(customer.id));
    },

    /** Errors to show on the next page (the checkout reloads after logging a new customer in). */
    async keepErrors(sessionId: string, texts: string[]): Promise<void> {
      for (const text of texts) await sessions.addNotice(sessionId, { type: 'error', text });
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
