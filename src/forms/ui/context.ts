import type { ShopConsent } from '../../platform/consent/browser-consent.ts';
import type { FormDefinition, FormSettings } from '../definition.ts';
import type { FieldValues } from '../wire.ts';

/** Where the runtime runs: the shop's own form page, or a foreign page through embed.js. */
export interface RuntimeEnv {
  /** `wpforms_*` calls (seed 002 §3 `ajaxurl`): `/admin-ajax`, or the shop's absolute one. */
  ajaxUrl: string;
  /** The shop's origin for its other URLs (the ALTCHA challenge); '' on the shop itself. */
  shopOrigin: string;
  /** The consent API, when the page has one (`window.shopConsent`). */
  consent: Pick<ShopConsent, 'granted'> | undefined;
  /** Seed 002 §3 `is_ssl`. */
  secure: boolean;
  /** The shop's payment provider key (its test processor's, or Stripe's) for card fields. */
  publishableKey: string;
  /**
   * embed.js renders the payment fields' parts only once a page shows one: this renders them,
   * resolving once they are in the form. On the form's page they come with the server's HTML.
   */
  renderPaymentFields?: () => Promise<void>;
}

/** What every part of the runtime shares about one form on the page. */
export interface FormContext {
  form: HTMLFormElement;
  container: HTMLElement;
  definition: FormDefinition;
  settings: FormSettings;
  env: RuntimeEnv;
  /** The values as they would post now. */
  values(): FieldValues;
  /** The fields conditional logic shows now. */
  visible(): Set<string>;
  /** Remote checks in flight (restricted e-mail): Next waits for them. */
  pending(): number;
  /**
   * Judges one field now (its remote check included) and shows or clears its errors; with `left`,
   * the inputs of those names the shopper has just left or changed, only theirs and those of the
   * field's inputs already judged (never a sibling the shopper has not reached yet).
   */
  validateField(fieldId: string, left?: readonly string[]): Record<string, string>;
  /** Re-applies conditional logic and everything that follows from the values. */
  refresh(): void;
  /** Shows the page with this index. */
  showPage(index: number): void;
  currentPage(): number;
  pageCount(): number;
  /** Things to undo when the runtime detaches. */
  cleanups: (() => void)[];
}
