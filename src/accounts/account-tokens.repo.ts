import type { Db } from '../platform/db/database.ts';
import { hashToken, type TokenPurpose } from './account-tokens.ts';

/** A live (unused, unexpired) mailed link, as the shop kept it. */
export interface AccountToken {
  purpose: TokenPurpose;
  customerId: number | null;
  email: string;
  passwordHash: string | null;
  expiresAt: string;
}

export interface NewAccountToken {
  hash: string;
  purpose: TokenPurpose;
  customerId: number | null;
  email: string;
  passwordHash?: string | null;
  now: Date;
  lifetimeMs: number;
}

const columns = ['purpose', 'customer_id', 'email', 'password_hash', 'expires_at'] as const;

function toToken(row: {
  purpose: string;
  customer_id: number | null;
  email: string;
  password_hash: string | null;
  expires_at: string;
}): AccountToken {
  return {
    purpose: row.purpose as TokenPurpose,
    customerId: row.customer_id,
    email: row.email,
    passwordHash: row.password_hash,
    expiresAt: row.expires_at,
  };
}

/** The `account_tokens` table: mailed links kept by the hash of their token. */
export function accountTokensRepo(db: Db) {
  return {
    async insert(token: NewAccountToken): Promise<void> {
      await db
        .insertInto('account_tokens')
        .values({
          token_hash: token.hash,
          purpose: token.purpose,
          customer_id: token.customerId,
          email: token.email,
          password_hash: token.passwordHash ?? null,
          created_at: token.now.toISOString(),
          expires_at: new Date(token.now.getTime() + token.lifetimeMs).toISOString(),
        })
        .execute();
    },

    /** The link's token if it is still good for `purposes`: unused and unexpired. */
    async findLive(
      token: string,
      purposes: readonly TokenPurpose[],
      now: Date,
    ): Promise<AccountToken | undefined> {
      const row = await db
        .selectFrom('account_tokens')
        .select(columns)
        .where('token_hash', '=', hashToken(token))
        .where('purpose', 'in', [...purposes])
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row && toToken(row);
    },

    /**
     * Uses the link up: one conditional update, so of two requests with the same link exactly
     * one gets it (the other gets undefined, as for an unknown, used or expired link).
     */
    async consume(
      token: string,
      purposes: readonly TokenPurpose[],
      now: Date,
    ): Promise<AccountToken | undefined> {
      const row = await db
        .updateTable('account_tokens')
        .set({ used_at: now.toISOString() })
        .where('token_hash', '=', hashToken(token))
        .where('purpose', 'in', [...purposes])
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .returning(columns)
        .executeTakeFirst();
      return row && toToken(row);
    },

    /** Retires a customer's other live links for a purpose (a new one, or its use, ends them). */
    async retireForCustomer(customerId: number, purpose: TokenPurpose, now: Date): Promise<void> {
      await db
        .updateTable('account_tokens')
        .set({ used_at: now.toISOString() })
        .where('customer_id', '=', customerId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },

    /** Retires every live link for an address and purpose (one confirmed registration ends the rest). */
    async retireForEmail(email: string, purpose: TokenPurpose, now: Date): Promise<void> {
      await db
        .updateTable('account_tokens')
        .set({ used_at: now.toISOString() })
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },

    /** Deletes links that ran out (a registration's password hash goes with them). */
    async sweep(now: Date): Promise<number> {
      const result = await db
        .deleteFrom('account_tokens')
        .where('expires_at', '<=', now.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AccountTokensRepo = ReturnType<typeof accountTokensRepo>;
