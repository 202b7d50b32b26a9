import { browserConsent } from '../../platform/consent/browser-consent.ts';
import {
  ATTRIBUTION_LIFETIME_MONTHS,
  ATTRIBUTION_SESSION_MINUTES,
} from '../../platform/constants/index.ts';
import type { TrackedVisit } from '../attribution.ts';

/**
 * The browser's side of order attribution (seed 000 §3, §9): with the statistics or marketing
 * consent granted, sourcebuster (the library WooCommerce uses) records the visit in its `sbjs_*`
 * cookies: 6 months, a 30-minute session, path `/`. Without consent nothing is loaded, tracked
 * or stored; withdrawing it deletes the cookies.
 */
export function trackingAllowed(): boolean {
  return browserConsent.granted('statistics') || browserConsent.granted('marketing');
}

const COOKIES = [
  'sbjs_migrations',
  'sbjs_current',
  'sbjs_current_add',
  'sbjs_first',
  'sbjs_first_add',
  'sbjs_session',
  'sbjs_udata',
  'sbjs_promo',
];

let visit: Promise<TrackedVisit> | undefined;

/** Records this page view once (with consent) and gives the visit; null without consent. */
export function trackVisit(): Promise<TrackedVisit | null> {
  if (!trackingAllowed()) return Promise.resolve(null);
  visit ??= import('sourcebuster').then(({ default: sbjs }) => {
    sbjs.init({
      lifetime: ATTRIBUTION_LIFETIME_MONTHS,
      session_length: ATTRIBUTION_SESSION_MINUTES,
      timezone_offset: '0',
      // Host-only cookies: no Domain attribute (which an IP address or localhost would refuse).
      domain: { host: window.location.hostname, isolate: true },
    });
    return sbjs.get as TrackedVisit;
  });
  return visit;
}

/** Deletes the tracking cookies (consent withdrawn). */
export function forgetVisit(): void {
  visit = undefined;
  for (const name of COOKIES) document.cookie = `${name}=; path=/; max-age=0`;
}

/** Tracks now if allowed, and again (or forgets) whenever the visitor's choice changes. */
export function watchConsent(onVisit: (visit: TrackedVisit | null) => void): () => void {
  void trackVisit().then(onVisit);
  return browserConsent.onChange(() => {
    if (trackingAllowed()) void trackVisit().then(onVisit);
    else {
      forgetVisit();
      onVisit(null);
    }
  });
}
