import { unix } from './ids.ts';
import type { CustomerRow, IntentRow, MethodRow, SetupIntentRow } from './test-processor.repo.ts';

/** The rows as Stripe's API objects: what the SDK, Stripe.js and webhooks see. */
const json = <T>(text: string | null, fallback: T): T =>
  text ? (JSON.parse(text) as T) : fallback;

export function methodObject(row: MethodRow) {
  const details =
    row.type === 'card'
      ? {
          brand: row.brand,
          last4: row.last4,
          exp_month: row.exp_month,
          exp_year: row.exp_year,
          country: 'US',
          funding: 'credit',
          three_d_secure_usage: { supported: true },
        }
      : json<Record<string, unknown>>(row.details_json, {});
  return {
    id: row.id,
    object: 'payment_method' as const,
    type: row.type,
    billing_details: json(row.billing_json, {}),
    [row.type]: details,
    created: unix(row.created_at),
    customer: row.customer,
    livemode: false,
    metadata: json(row.metadata_json, {}),
  };
}

export function intentObject(row: IntentRow) {
  const types = json<string[]>(row.payment_method_types_json, ['card']);
  const charged = row.status === 'succeeded' || row.status === 'requires_capture';
  return {
    id: row.id,
    object: 'payment_intent' as const,
    allowed_payment_method_types: types,
    amount: row.amount,
    amount_capturable: row.status === 'requires_capture' ? row.amount : 0,
    amount_received: row.amount_received,
    canceled_at: row.canceled_at ? unix(row.canceled_at) : null,
    cancellation_reason: row.cancellation_reason,
    capture_method: row.capture_method,
    client_secret: row.client_secret,
    confirmation_method: 'automatic',
    created: unix(row.created_at),
    currency: row.currency,
    customer: row.customer,
    description: row.description,
    last_payment_error: json(row.last_payment_error_json, null),
    latest_charge: charged ? `ch_${row.id.slice(3)}` : null,
    livemode: false,
    metadata: json(row.metadata_json, {}),
    next_action: json(row.next_action_json, null),
    payment_method: row.payment_method,
    payment_method_options: {},
    payment_method_types: types,
    setup_future_usage: row.setup_future_usage,
    status: row.status,
  };
}

export function setupIntentObject(row: SetupIntentRow) {
  const types = json<string[]>(row.payment_method_types_json, ['card']);
  return {
    id: row.id,
    object: 'setup_intent' as const,
    allowed_payment_method_types: types,
    cancellation_reason: row.cancellation_reason,
    client_secret: row.client_secret,
    created: unix(row.created_at),
    customer: row.customer,
    description: row.description,
    last_setup_error: json(row.last_setup_error_json, null),
    livemode: false,
    metadata: json(row.metadata_json, {}),
    next_action: json(row.next_action_json, null),
    payment_method: row.payment_method,
    payment_method_options: {},
    payment_method_types: types,
    status: row.status,
    usage: row.usage,
  };
}

export function customerObject(row: CustomerRow) {
  return {
    id: row.id,
    object: 'customer' as const,
    created: unix(row.created_at),
    description: row.description,
    email: row.email,
    livemode: false,
    metadata: json(row.metadata_json, {}),
    name: row.name,
    phone: row.phone,
  };
}

export function listObject<T>(data: T[], url: string, hasMore: boolean) {
  return { object: 'list' as const, data, has_more: hasMore, url };
}

export type PaymentIntentObject = ReturnType<typeof intentObject>;
export type SetupIntentObject = ReturnType<typeof setupIntentObject>;
