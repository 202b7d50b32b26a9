import { describe, expect, it } from 'vitest';
import {
  attributionFromForm,
  attributionInputName,
  attributionInputValues,
  deviceType,
} from './attribution.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/120';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

const posted = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [`wc_order_attribution_${name}`, value]),
  );

describe('order attribution from a posted form', () => {
  it('reads the prefixed inputs WooCommerce names, with the device from the user agent', () => {
    const attribution = attributionFromForm({
      billing_email: 'ada@example.com',
      ...posted({
        source_type: 'utm',
        referrer: 'https://news.example/today',
        utm_source: 'news',
        utm_medium: 'email',
        utm_campaign: 'autumn',
        utm_content: '(none)',
        utm_term: '(none)',
        session_entry: 'http://shop.test/?utm_source=news',
        session_start_time: '2026-11-25 10:00:00',
        session_pages: '3',
        session_count: '2',
        user_agent: IPHONE,
      }),
    });
    expect(attribution).toEqual({
      sourceType: 'utm',
      referrer: 'https://news.example/today',
      utmCampaign: 'autumn',
      utmSource: 'news',
      utmMedium: 'email',
      utmContent: '',
      utmTerm: '',
      sessionEntry: 'http://shop.test/?utm_source=news',
      sessionStartTime: '2026-11-25 10:00:00',
      sessionPages: 3,
      sessionCount: 2,
      userAgent: IPHONE,
      deviceType: 'Mobile',
    });
  });

  it('is nothing when tracking was not allowed (empty inputs, or none at all)', () => {
    expect(attributionFromForm({})).toBeNull();
    expect(attributionFromForm(posted({ source_type: '', utm_source: 'news' }))).toBeNull();
    expect(attributionFromForm({ [attributionInputName('source_type')]: ['utm'] })).toBeNull();
  });

  it('cuts long values to size and drops counts that are not whole numbers', () => {
    const attribution = attributionFromForm(
      posted({
        source_type: 'referral',
        referrer: `https://x.example/${'a'.repeat(5000)}`,
        session_pages: '1e3',
        session_count: '-1',
      }),
    )!;
    expect(attribution.referrer).toHaveLength(2000);
    expect(attribution.sessionPages).toBeNull();
    expect(attribution.sessionCount).toBeNull();
    expect(attribution.deviceType).toBe('');
  });

  it('tells phones, tablets and desktops apart', () => {
    expect(deviceType(IPHONE)).toBe('Mobile');
    expect(deviceType(IPAD)).toBe('Tablet');
    expect(deviceType(ANDROID_TABLET)).toBe('Tablet');
    expect(deviceType(DESKTOP)).toBe('Desktop');
  });

  it("maps sourcebuster's cookies onto the inputs as WooCommerce does", () => {
    expect(
      attributionInputValues({
        current: { typ: 'utm', src: 'news', mdm: '(none)', cmp: '(none)', cnt: '(none)', trm: '' },
        current_add: {
          fd: '2026-11-25 10:00:00',
          ep: 'http://shop.test/?utm_source=news',
          rf: '(none)',
        },
        session: { pgs: '2', cpg: 'http://shop.test/checkout/' },
        udata: { vst: '1', uip: '(none)', uag: DESKTOP },
      }),
    ).toEqual({
      source_type: 'utm',
      referrer: '(none)',
      utm_campaign: '(none)',
      utm_source: 'news',
      utm_medium: '(none)',
      utm_content: '(none)',
      utm_term: '',
      session_entry: 'http://shop.test/?utm_source=news',
      session_start_time: '2026-11-25 10:00:00',
      session_pages: '2',
      session_count: '1',
      user_agent: DESKTOP,
    });
  });
});
