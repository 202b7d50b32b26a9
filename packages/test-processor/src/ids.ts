import { randomBytes } from 'node:crypto';

/** A Stripe-looking id: `pi_…`, `pm_…`, `seti_…`, `cus_…`, `evt_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export function newClientSecret(id: string): string {
  return `${id}_secret_${randomBytes(12).toString('hex')}`;
}

export function unix(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000);
}
