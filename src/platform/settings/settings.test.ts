import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { databaseKinds, openTestDatabase } from '../db/testing/test-database.ts';
import { parseMoneyFormat, parseSettings, settingsStore } from './settings.ts';

describe('shop settings', () => {
  it('reads WooCommerce-style yes/no options, with defaults', () => {
    expect(parseSettings([])).toEqual({
      cartRedirectAfterAdd: false,
      baseCountry: 'US',
      guestCheckout: true,
      signupOnCheckout: true,
      holdStockMinutes: 60,
    });
    expect(parseSettings([{ name: 'woocommerce_cart_redirect_after_add', value: 'yes' }])).toEqual({
      cartRedirectAfterAdd: true,
      baseCountry: 'US',
      guestCheckout: true,
      signupOnCheckout: true,
      holdStockMinutes: 60,
    });
  });

  it('reads the currency and the site language prices are written in: USD in en-US unless set', () => {
    expect(parseMoneyFormat([])).toEqual({ currency: 'USD', locale: 'en-US' });
    expect(
      parseMoneyFormat([
        { name: 'woocommerce_currency', value: 'EUR' },
        { name: 'WPLANG', value: 'de_DE' },
      ]),
    ).toEqual({ currency: 'EUR', locale: 'de-DE' });
    expect(
      parseMoneyFormat([
        { name: 'woocommerce_currency', value: 'NOPE' },
        { name: 'WPLANG', value: '' },
      ]),
    ).toEqual({ currency: 'USD', locale: 'en-US' });
  });

  it('reads the checkout’s account options (seed 001 §6), both allowed unless set to no', () => {
    expect(
      parseSettings([
        { name: 'woocommerce_enable_guest_checkout', value: 'no' },
        { name: 'woocommerce_enable_signup_and_login_from_checkout', value: 'no' },
      ]),
    ).toMatchObject({ guestCheckout: false, signupOnCheckout: false });
    expect(
      parseSettings([{ name: 'woocommerce_enable_signup_and_login_from_checkout', value: 'yes' }]),
    ).toMatchObject({ guestCheckout: true, signupOnCheckout: true });
  });

  it('reads WooCommerce’s hold-stock minutes: 60 unless set, empty or below 1 is no limit', () => {
    expect(parseSettings([]).holdStockMinutes).toBe(60);
    expect(
      parseSettings([{ name: 'woocommerce_hold_stock_minutes', value: '15' }]).holdStockMinutes,
    ).toBe(15);
    expect(
      parseSettings([{ name: 'woocommerce_hold_stock_minutes', value: '' }]).holdStockMinutes,
    ).toBe(0);
    expect(
      parseSettings([{ name: 'woocommerce_hold_stock_minutes', value: 'soon' }]).holdStockMinutes,
    ).toBe(0);
  });

  it('reads the base country from WooCommerce’s `country:state` default', () => {
    expect(parseSettings([{ name: 'woocommerce_default_country', value: 'GB:LND' }])).toEqual({
      cartRedirectAfterAdd: false,
      baseCountry: 'GB',
      guestCheckout: true,
      signupOnCheckout: true,
      holdStockMinutes: 60,
    });
  });
});

describe.each(databaseKinds)('settings store on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.destroy());

  it('keeps values in the database and sees its own changes at once', async () => {
    const store = settingsStore(handle.db, 60_000);
    expect((await store.read()).cartRedirectAfterAdd).toBe(false);
    await store.set('cartRedirectAfterAdd', true);
    expect((await store.read()).cartRedirectAfterAdd).toBe(true);
    expect((await settingsStore(handle.db, 0).read()).cartRedirectAfterAdd).toBe(true);
  });

  it('sees a saved currency and language at once', async () => {
    const store = settingsStore(handle.db, 60_000);
    expect(await store.moneyFormat()).toEqual({ currency: 'USD', locale: 'en-US' });
    await store.saveOption('woocommerce_currency', 'GBP');
    await store.saveOption('WPLANG', 'en_GB');
    expect(await store.moneyFormat()).toEqual({ currency: 'GBP', locale: 'en-GB' });
  });
});
