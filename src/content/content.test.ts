import { describe, expect, it } from 'vitest';
import {
  faqGroupsShown,
  faqNumber,
  parseContentSettings,
  storeNoticeCookie,
  storeNoticeId,
} from './content.ts';

const settings = (rows: Record<string, string>) =>
  parseContentSettings(new Map(Object.entries(rows)));

describe('content settings (WooCommerce option names)', () => {
  it('shows the store notice only when it is on and has a text', () => {
    expect(settings({}).storeNotice).toBeNull();
    expect(
      settings({ woocommerce_demo_store: 'no', woocommerce_demo_store_notice: 'Hi' }).storeNotice,
    ).toBeNull();
    expect(
      settings({ woocommerce_demo_store: 'yes', woocommerce_demo_store_notice: '  ' }).storeNotice,
    ).toBeNull();
    expect(
      settings({ woocommerce_demo_store: 'yes', woocommerce_demo_store_notice: ' Closed Monday ' })
        .storeNotice,
    ).toEqual({ id: storeNoticeId('Closed Monday'), text: 'Closed Monday' });
  });

  it('is in coming-soon mode only when woocommerce_coming_soon is yes', () => {
    expect(settings({}).comingSoon).toBe(false);
    expect(settings({ woocommerce_coming_soon: 'yes' }).comingSoon).toBe(true);
  });
});

describe('store notice id and cookie (seed 000 §3)', () => {
  it('names the cookie store_notice plus an id that follows the text', () => {
    const id = storeNoticeId('Closed Monday');
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(storeNoticeId('Closed Monday')).toBe(id);
    expect(storeNoticeId('Closed Tuesday')).not.toBe(id);
    expect(storeNoticeCookie(id)).toBe(`store_notice${id}`);
  });
});

describe('FAQ', () => {
  const groups = [
    { slug: 'orders', name: 'Orders', entries: [] },
    { slug: 'shipping', name: 'Shipping', entries: [] },
  ];

  it('shows the chosen group, or all of them for none or an unknown one', () => {
    expect(faqGroupsShown(groups, 'shipping').map((g) => g.slug)).toEqual(['shipping']);
    expect(faqGroupsShown(groups, null)).toEqual(groups);
    expect(faqGroupsShown(groups, 'nope')).toEqual(groups);
  });

  it('numbers entries 01, 02, ...', () => {
    expect([0, 1, 9, 10].map(faqNumber)).toEqual(['01', '02', '10', '11']);
  });
});
