import type { Generated, Kysely } from 'kysely';

/**
 * The processor's own tables, created by its own migrations when it is mounted. A type, not an
 * interface: the host's tests add it to their database's with Kysely's `withTables`.
 */
export type TestProcessorTables = {
  tp_payment_methods: TpPaymentMethodsTable;
  tp_payment_intents: TpPaymentIntentsTable;
  tp_idempotency: TpIdempotencyTable;
  tp_customers: TpCustomersTable;
  tp_setup_intents: TpSetupIntentsTable;
  tp_events: TpEventsTable;
};

/** The host's database as the processor sees it: its own tables only. */
export type ProcessorDb = Kysely<TestProcessorTables>;
export type DbKind = 'sqlite' | 'postgres';

export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}

export interface TpPaymentMethodsTable {
  id: string;
  /** card, ideal, klarna, sepa_debit, ... (seed 001 §3) */
  type: string;
  customer: string | null;
  /** Card columns: null for the other types. */
  brand: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  /** Which behaviour of the test cards this method has; never the card number. */
  test_outcome: string | null;
  /** The type's public details (a bank, an IBAN's last 4); never a full account number. */
  details_json: string;
  billing_json: string;
  metadata_json: string;
  created_at: string;
}

export interface TpPaymentIntentsTable {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: string;
  payment_method: string | null;
  capture_method: string;
  metadata_json: string;
  last_payment_error_json: string | null;
  description: string | null;
  created_at: string;
  payment_method_types_json: Generated<string>;
  amount_received: Generated<number>;
  customer: string | null;
  setup_future_usage: string | null;
  return_url: string | null;
  next_action_json: string | null;
  cancellation_reason: string | null;
  canceled_at: string | null;
  /** A processing debit (SEPA) succeeds at this time. */
  settles_at: string | null;
}

export interface TpCustomersTable {
  id: string;
  email: string | null;
  name: string | null;
  phone: string | null;
  description: string | null;
  metadata_json: string;
  created_at: string;
}

export interface TpSetupIntentsTable {
  id: string;
  client_secret: string;
  status: string;
  customer: string | null;
  payment_method: string | null;
  payment_method_types_json: string;
  usage: string;
  return_url: string | null;
  next_action_json: string | null;
  last_setup_error_json: string | null;
  metadata_json: string;
  description: string | null;
  cancellation_reason: string | null;
  created_at: string;
}

/** Stripe-shaped events of the test processor, and their delivery to the shop's webhook. */
export interface TpEventsTable {
  seq: Generated<number>;
  id: string;
  type: string;
  object_id: string;
  payload_json: string;
  created_at: string;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  delivered_at: string | null;
  last_status: number | null;
}

export interface TpIdempotencyTable {
  key: string;
  request_hash: string;
  status_code: number;
  response_json: string;
  created_at: string;
}
