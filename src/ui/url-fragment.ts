/**
 * The element id a URL's fragment names (`#tab-reviews` -> `tab-reviews`), percent-decoded as
 * browsers do; a fragment that is not valid percent-encoding (`#%E0%A4%A`) is taken as written
 * rather than thrown on.
 */
export function fragmentId(hash: string): string {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
