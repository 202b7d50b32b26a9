import type { Db } from '../platform/db/database.ts';
import { messages } from '../platform/messages/index.ts';
import type { Session, SessionRepo } from '../platform/session/session.ts';
import type { SettingsStore } from '../platform/settings/settings.ts';
import {
  checkoutAccountRules,
  checkoutPrefill,
  currentAddresses,
  customerName,
  newPasswordProblem,
  normalizeEmail,
  type CheckoutAccountRules,
  type Customer,
} from './account.ts';
import { accountLimits } from './account-limits.ts';
import type { AccountLinks, AccountMails } from './mails.ts';
import { accountsRepo } from './accounts.repo.ts';
import { loginThrottle, type LoginThrottle } from './login-throttle.ts';
import { logIn, startCustomerSession, type AccountDeps, type LogInInput } from './operations.ts';
import { hashPassword } from './password.ts';

export interface Registration {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface AccountsServiceDeps {
  db: Db;
  sessions: SessionRepo;
  settings: SettingsStore;
  mails: AccountMails;
  links: AccountLinks;
  throttle?: LoginThrottle;
  now?: () => Date;
}

/**
 * Customers and their sessions: what the account operations need (`operations`), and what the
 * checkout and my-account pages read and do with them. Wired once per shop; every counter and
 * link is in the database.
 */
export function accountsService({
  db,
  sessions,
  settings,
  mails,
  links,
  throttle = loginThrottle(db),
  now = () => new Date(),
}: AccountsServiceDeps) {
  const customers = accountsRepo(db);
  const operations: AccountDeps = {
    db,
    mails,
    links,
    throttle,
    limits: accountLimits(db),
    now,
  };
  /** The customer's addresses now: what they saved in my-account, or their latest order's if newer. */
  async function addresses(customerId: number) {
    const [saved, last] = await Promise.all([
      customers.savedAddresses(customerId),
      customers.lastAddresses(customerId),
    ]);
    return currentAddresses(saved, last);
  }

  return {
    customers,
    operations,
    addresses,

    async checkoutRules(customerId: number | null): Promise<CheckoutAccountRules> {
      return checkoutAccountRules(await settings.read(), customerId !== null);
    },

    /** The customer a session is logged in as, if it is (and the account still exists). */
    async customerOf(
      session: Pick<Session, 'customerId'> | undefined,
    ): Promise<Customer | undefined> {
      return session?.customerId ? customers.findById(session.customerId) : undefined;
    },

    /**
     * Logs a visitor in with email and password: on success the session they go on with (a new
     * id carrying their cart merged into their saved one); otherwise the refusal, nothing changed.
     */
    logInSession(currentSessionId: string | undefined, input: Omit<LogInInput, 'sessionId'>) {
      return logIn(operations, { ...input, sessionId: currentSessionId });
    },

    /** The customer's session from now on: a new id carrying the old session's cart. */
    startSession(oldSessionId: string | undefined, customerId: number): Promise<Session> {
      return db
        .transaction()
        .execute((tx) => startCustomerSession(tx, oldSessionId, customerId, now()));
    },

    endSession(sessionId: string): Promise<void> {
      return sessions.end(sessionId);
    },

    /**
     * Opens an account at once (the checkout's `Create an account?`), its welcome mail queued in
     * the same transaction.
     */
    async register(input: Registration): Promise<{ customer: Customer } | { error: string }> {
      const problem = newPasswordProblem(input.password);
      if (problem) return { error: problem };
      const email = normalizeEmail(input.email);
      if (email === '') return { error: messages.accountEmailRequired };
      if (await customers.findByEmail(email)) return { error: messages.accountExists };
      const passwordHash = await hashPassword(input.password);
      const customer = await db.transaction().execute(async (tx) => {
        const created = await accountsRepo(tx).create({
          email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
        });
        if (created)
          await mails.accountCreated(tx, {
            customerId: created.id,
            to: created.email,
            name: customerName(created),
            accountUrl: links.myAccount(),
          });
        return created;
      });
      return customer ? { customer } : { error: messages.accountExists };
    },

    /** The checkout form's starting values for a logged-in customer. */
    async prefill(customer: Customer): Promise<Record<string, string>> {
      const { billing, shipping } = await addresses(customer.id);
      return checkoutPrefill(customer, { billing: billing ?? {}, shipping });
    },

    /** Errors to show on the next page (the checkout reloads after logging a new customer in). */
    async keepErrors(sessionId: string, texts: string[]): Promise<void> {
      for (const text of texts) await sessions.addNotice(sessionId, { type: 'error', text });
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
