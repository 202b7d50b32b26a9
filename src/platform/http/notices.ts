export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** WooCommerce's error list markup, for the notices wrapper. */
export function errorListHtml(texts: string[]): string {
  return `<ul class="woocommerce-error" role="alert">${texts.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul>`;
}
