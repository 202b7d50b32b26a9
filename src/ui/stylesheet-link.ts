/**
 * A page's stylesheet, as a route's `links()` entry. With a `precedence`, React writes it at the
 * top of the head, before the scripts' preloads, so a phone asks for the styles (which hold the
 * first paint) before the scripts (which don't); after a navigation in the browser, React waits
 * for a new page's stylesheet before showing the page. Every rule of the shop's stylesheets is
 * scoped by its part's classes, so a stylesheet kept after leaving its page changes nothing.
 */
export function stylesheetLink(href: string) {
  return { rel: 'stylesheet', href, precedence: 'default' } as const;
}
