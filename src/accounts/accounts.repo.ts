import type { Db } from '../platform/db/database.ts';
import { nowIso } from '../platform/db/database.ts';
import { normalizeEmail, type Customer, type LastAddresses } from './account.ts';

type CustomerRow = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
};

function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    passwordHash: row.password_hash,
  };
}

export interface NewCustomer {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
}

/** The `customers` table, and what the shop knows of a customer from their orders. */
export function accountsRepo(db: Db) {
  const columns = ['id', 'email', 'first_name', 'last_name', 'password_hash'] as const;
  return {
    async findByEmail(email: string): Promise<Customer | undefined> {
      const row = await db
        .selectFrom('customers')
        .select(columns)
        .where('email', '=', normalizeEmail(email))
        .executeTakeFirst();
      return row && toCustomer(row);
    },

    async findById(id: number): Promise<Customer | undefined> {
      const row = await db
        .selectFrom('customers')
        .select(columns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toCustomer(row);
    },

    /** The new customer, or undefined when the email already has an account (one statement). */
    async create(customer: NewCustomer): Promise<Customer | undefined> {
      const row = await db
        .insertInto('customers')
        .values({
          email: normalizeEmail(customer.email),
          password_hash: customer.passwordHash,
          first_name: customer.firstName,
          last_name: customer.lastName,
          created_at: nowIso(),
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning(columns)
        .executeTakeFirst();
      return row && toCustomer(row);
    },

    /**
     * The addresses of the customer's latest order. Only orders placed while logged in as this
     * customer count: a guest order that merely gave the same email is someone's, not theirs.
     */
    async lastAddresses(customerId: number): Promise<LastAddresses | undefined> {
      const row = await db
        .selectFrom('orders')
        .select(['billing_json', 'shipping_json'])
        .where('customer_id', '=', customerId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) return undefined;
      const shipping = JSON.parse(row.shipping_json) as { address?: Record<string, string> | null };
      return {
        billing: JSON.parse(row.billing_json) as Record<string, string>,
        shipping: shipping.address ?? null,
      };
    },

    /** The customer a session is logged in as. */
    async customerOfSession(sessionId: string): Promise<number | null> {
      const row = await db
        .selectFrom('sessions')
        .select('customer_id')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return row?.customer_id ?? null;
    },
  };
}

export type AccountsRepo = ReturnType<typeof accountsRepo>;
