import {
  CONSENT_CHANGE_EVENT,
  CONSENT_COOKIE,
  consentCookieText,
  cookieValue,
  isGranted,
  parseConsent,
  type ConsentCategory,
  type ConsentChoice,
} from './consent.ts';

/**
 * The browser's consent API. Everything that sets a non-essential cookie asks `consentGranted`
 * first and listens with `onConsentChange` (a visitor may grant later, or withdraw).
 */
export interface ShopConsent {
  /** The stored choice, or undefined while the visitor has not chosen. */
  choice(): ConsentChoice | undefined;
  granted(category: ConsentCategory): boolean;
  /** Calls `listener` with each new choice; returns the unsubscribe function. */
  onChange(listener: (choice: ConsentChoice) => void): () => void;
  /** Stores a choice (the banner calls this) and tells every listener. */
  set(choice: ConsentChoice): void;
}

declare global {
  interface Window {
    shopConsent?: ShopConsent;
  }
}

export const browserConsent: ShopConsent = {
  choice: () => parseConsent(cookieValue(document.cookie, CONSENT_COOKIE)),
  granted: (category) => isGranted(browserConsent.choice(), category),
  onChange(listener) {
    const handle = (event: Event) => listener((event as CustomEvent<ConsentChoice>).detail);
    window.addEventListener(CONSENT_CHANGE_EVENT, handle);
    return () => window.removeEventListener(CONSENT_CHANGE_EVENT, handle);
  },
  set(choice) {
    document.cookie = consentCookieText(choice, location.protocol === 'https:');
    window.dispatchEvent(new CustomEvent(CONSENT_CHANGE_EVENT, { detail: { ...choice } }));
  },
};

/** Publishes the API as `window.shopConsent` (once, on the shop's own pages). */
export function publishConsentApi(): void {
  window.shopConsent ??= browserConsent;
}
