import { escapeHtml } from './html.ts';

/** WooCommerce's error list markup, for the notices wrapper. */
export function errorListHtml(texts: string[]): string {
  return `<ul class="woocommerce-error" role="alert">${texts.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul>`;
}

/** WooCommerce's success notice markup (a coupon applied or removed, say). */
export function messageHtml(text: string): string {
  return `<div class="woocommerce-message" role="alert">${escapeHtml(text)}</div>`;
}
