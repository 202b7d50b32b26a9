/**
 * Where a form may send the browser afterwards: a path on this site, never another site
 * (`//evil.example`, `/\evil.example`) or a scheme.
 */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== 'string' || target === '') return fallback;
  let url: URL;
  try {
    url = new URL(target, 'http://shop.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://shop.invalid' || /[\\\s]/.test(target) || target.startsWith('//'))
    return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
