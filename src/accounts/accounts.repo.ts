import type { Db } from '../platform/db/database.ts';
import { nowIso } from '../platform/db/database.ts';
import {
  normalizeEmail,
  type AddressValues,
  type Customer,
  type LastAddresses,
  type SavedAddresses,
} from './account.ts';

type CustomerRow = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  password_hash: string;
};

function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    displayName: row.display_name,
    passwordHash: row.password_hash,
  };
}

export interface NewCustomer {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
}

/** Whether a database refused a write for a unique constraint (SQLite and PostgreSQL). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The `customers` table, and what the shop knows of a customer from their orders. */
export function accountsRepo(db: Db) {
  const columns = [
    'id',
    'email',
    'first_name',
    'last_name',
    'display_name',
    'password_hash',
  ] as const;
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

    async updateNames(
      id: number,
      names: Pick<Customer, 'firstName' | 'lastName' | 'displayName'>,
    ): Promise<void> {
      await db
        .updateTable('customers')
        .set({
          first_name: names.firstName,
          last_name: names.lastName,
          display_name: names.displayName,
        })
        .where('id', '=', id)
        .execute();
    },

    async setPasswordHash(id: number, passwordHash: string): Promise<void> {
      await db
        .updateTable('customers')
        .set({ password_hash: passwordHash })
        .where('id', '=', id)
        .execute();
    },

    /** Moves the account to a new address; false when another account has it. */
    async setEmail(id: number, email: string): Promise<boolean> {
      try {
        const result = await db
          .updateTable('customers')
          .set({ email: normalizeEmail(email) })
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async savedAddresses(id: number): Promise<SavedAddresses> {
      const row = await db
        .selectFrom('customers')
        .select(['billing_json', 'shipping_json', 'addresses_updated_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      const parse = (json: string | null | undefined) =>
        json ? (JSON.parse(json) as AddressValues) : null;
      return {
        billing: parse(row?.billing_json),
        shipping: parse(row?.shipping_json),
        updatedAt: row?.addresses_updated_at ?? null,
      };
    },

    /** Keeps one of the customer's addresses (the other stays as it is). */
    async saveAddress(
      id: number,
      kind: 'billing' | 'shipping',
      address: AddressValues,
      now: Date,
    ): Promise<void> {
      const json = JSON.stringify(address);
      await db
        .updateTable('customers')
        .set({
          ...(kind === 'billing' ? { billing_json: json } : { shipping_json: json }),
          addresses_updated_at: now.toISOString(),
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The addresses of the customer's latest order. Only orders placed while logged in as this
     * customer count: a guest order that merely gave the same email is someone's, not theirs.
     */
    async lastAddresses(customerId: number): Promise<LastAddresses | undefined> {
      const row = await db
        .selectFrom('orders')
        .select(['billing_json', 'shipping_json', 'created_at'])
        .where('customer_id', '=', customerId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) return undefined;
      const shipping = JSON.parse(row.shipping_json) as { address?: AddressValues | null };
      return {
        billing: JSON.parse(row.billing_json) as AddressValues,
        shipping: shipping.address ?? null,
        placedAt: row.created_at,
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
