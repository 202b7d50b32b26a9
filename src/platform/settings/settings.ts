import { TtlCache } from '../cache/ttl-cache.ts';
import { HOLD_STOCK_DEFAULT_MINUTES } from '../constants/index.ts';
import type { Db } from '../db/database.ts';
import {
  DEFAULT_MONEY_FORMAT,
  isCurrencyCode,
  isLocale,
  type MoneyFormat,
} from '../money/money.ts';

/**
 * The shop owner's options, kept in the `settings` table (like WooCommerce's options) so every
 * app server reads the same values; each server keeps them for a moment.
 */
export interface ShopSettings {
  /** WooCommerce's `cart_redirect_after_add`: go to the cart after adding. */
  cartRedirectAfterAdd: boolean;
  /** WooCommerce's `default_country` (`US` or `US:CA`): where shipping and tax start from. */
  baseCountry: string;
  /** WooCommerce's `enable_guest_checkout` (seed 001 §6 option_guest_checkout): check out without an account. */
  guestCheckout: boolean;
  /** WooCommerce's `enable_signup_and_login_from_checkout` (seed 001 §6 createaccount): open an account at checkout. */
  signupOnCheckout: boolean;
  /**
   * WooCommerce's `hold_stock_minutes`: an unpaid order holds its stock this long, then it is
   * cancelled and the stock given back. Below 1 (WooCommerce's empty value): held until paid.
   */
  holdStockMinutes: number;
}

const defaults: ShopSettings = {
  cartRedirectAfterAdd: false,
  baseCountry: 'US',
  guestCheckout: true,
  signupOnCheckout: true,
  holdStockMinutes: HOLD_STOCK_DEFAULT_MINUTES,
};

const names: Record<keyof ShopSettings, string> = {
  cartRedirectAfterAdd: 'woocommerce_cart_redirect_after_add',
  baseCountry: 'woocommerce_default_country',
  guestCheckout: 'woocommerce_enable_guest_checkout',
  signupOnCheckout: 'woocommerce_enable_signup_and_login_from_checkout',
  holdStockMinutes: 'woocommerce_hold_stock_minutes',
};

/** A WooCommerce `yes`/`no` option, or its default when unset. */
function yes(value: string | undefined, fallback: boolean): boolean {
  return value === undefined ? fallback : value === 'yes';
}

/** A WooCommerce number of minutes: a whole number, or 0 (no limit) when empty; unset is the default. */
function minutes(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number.parseInt(value.trim(), 10);
  return Number.isFinite(number) && number > 0 ? number : 0;
}

export function parseSettings(rows: { name: string; value: string }[]): ShopSettings {
  const values = new Map(rows.map((row) => [row.name, row.value]));
  return {
    cartRedirectAfterAdd:
      (values.get(names.cartRedirectAfterAdd) ?? (defaults.cartRedirectAfterAdd ? 'yes' : 'no')) ===
      'yes',
    baseCountry: (values.get(names.baseCountry) ?? defaults.baseCountry).split(':')[0]!,
    guestCheckout: yes(values.get(names.guestCheckout), defaults.guestCheckout),
    signupOnCheckout: yes(values.get(names.signupOnCheckout), defaults.signupOnCheckout),
    holdStockMinutes: minutes(values.get(names.holdStockMinutes), defaults.holdStockMinutes),
  };
}

/**
 * How the shop writes prices: WooCommerce's `woocommerce_currency` (an ISO 4217 code) in
 * WordPress's site language `WPLANG` (`de_DE`; empty is `en_US`). A value Intl does not know
 * is the default's (USD, en-US).
 */
export function parseMoneyFormat(rows: { name: string; value: string }[]): MoneyFormat {
  const values = new Map(rows.map((row) => [row.name, row.value]));
  const code = values.get(CURRENCY_OPTION)?.trim().toUpperCase() ?? '';
  const locale = values.get(LOCALE_OPTION)?.trim().replace('_', '-') ?? '';
  return {
    currency: isCurrencyCode(code) ? code : DEFAULT_MONEY_FORMAT.currency,
    locale: locale !== '' && isLocale(locale) ? locale : DEFAULT_MONEY_FORMAT.locale,
  };
}

const CURRENCY_OPTION = 'woocommerce_currency';
const LOCALE_OPTION = 'WPLANG';

export function settingsStore(db: Db, ttlMs: number) {
  const named = new TtlCache<string, Map<string, string>>(ttlMs, 64);
  const cache = new TtlCache<'settings', { settings: ShopSettings; money: MoneyFormat }>(ttlMs, 1);
  async function load() {
    const known = cache.get('settings');
    if (known) return known;
    const rows = await db
      .selectFrom('settings')
      .select(['name', 'value'])
      .where('name', 'in', [...Object.values(names), CURRENCY_OPTION, LOCALE_OPTION])
      .execute();
    const loaded = { settings: parseSettings(rows), money: parseMoneyFormat(rows) };
    if (ttlMs > 0) cache.set('settings', loaded);
    return loaded;
  }
  return {
    /**
     * Options a business folder reads and parses itself, by WooCommerce's names: those set, kept
     * as long as the shop's own settings.
     */
    async options(names: readonly string[]): Promise<Map<string, string>> {
      const key = names.join('\n');
      const known = named.get(key);
      if (known) return known;
      const rows = await db
        .selectFrom('settings')
        .select(['name', 'value'])
        .where('name', 'in', [...names])
        .execute();
      const values = new Map(rows.map((row) => [row.name, row.value]));
      if (ttlMs > 0) named.set(key, values);
      return values;
    },

    async read(): Promise<ShopSettings> {
      return (await load()).settings;
    },

    /** The shop's currency and locale, for every price it writes. */
    async moneyFormat(): Promise<MoneyFormat> {
      return (await load()).money;
    },

    /** Sets (or, with undefined, removes) an option by its name; every reader sees it next. */
    async setOption(name: string, value: string | undefined): Promise<void> {
      await db.deleteFrom('settings').where('name', '=', name).execute();
      if (value !== undefined) await db.insertInto('settings').values({ name, value }).execute();
      cache.clear();
      named.clear();
    },

    async set<K extends keyof ShopSettings>(name: K, value: ShopSettings[K]): Promise<void> {
      const text = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
      await db
        .insertInto('settings')
        .values({ name: names[name], value: text })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: text }))
        .execute();
      cache.clear();
      named.clear();
    },

    /** Stores an option under its own WooCommerce name (`woocommerce_currency`, Stripe's appearance). */
    async saveOption(name: string, value: string): Promise<void> {
      await db
        .insertInto('settings')
        .values({ name, value })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
        .execute();
      cache.clear();
      named.clear();
    },
  };
}

export type SettingsStore = ReturnType<typeof settingsStore>;
