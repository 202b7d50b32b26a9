import { describe, expect, it } from 'vitest';
import { INTENT_RATE_LIMIT, SETTINGS_CACHE_TTL_MS } from '../constants/index.ts';
import { loadConfig } from './config.ts';

const attemptsPerIp = (value: string) =>
  loadConfig({ PAYMENT_ATTEMPTS_PER_IP: value }).paymentAttemptsPerIp;

describe('the payment attempts an address may make (PAYMENT_ATTEMPTS_PER_IP)', () => {
  it('defaults to the card-testing limit and takes a whole number from 1 up', () => {
    expect(loadConfig({}).paymentAttemptsPerIp).toBe(INTENT_RATE_LIMIT.perIp.max);
    expect(attemptsPerIp(' ')).toBe(INTENT_RATE_LIMIT.perIp.max);
    expect(attemptsPerIp('1')).toBe(1);
    expect(loadConfig({ PAYMENT_ATTEMPTS_PER_IP: '200' }).paymentAttemptsPerIp).toBe(200);
  });

  it('stops the start on anything else, which would otherwise be a limit of NaN that refuses nothing', () => {
    for (const value of ['0', '-1', 'abc', '1e3', '2.5', '0x10', '99999999']) {
      expect(() => attemptsPerIp(value), value).toThrow(/PAYMENT_ATTEMPTS_PER_IP/);
    }
  });
});

describe('how long settings are kept (SETTINGS_CACHE_TTL_MS)', () => {
  it('defaults to 2 s and takes 0 (read every time) or more', () => {
    expect(loadConfig({}).settingsCacheTtlMs).toBe(SETTINGS_CACHE_TTL_MS);
    expect(loadConfig({ SETTINGS_CACHE_TTL_MS: '0' }).settingsCacheTtlMs).toBe(0);
    expect(loadConfig({ SETTINGS_CACHE_TTL_MS: '5000' }).settingsCacheTtlMs).toBe(5000);
  });

  it('stops the start on anything else, which would otherwise keep settings for ever (NaN never expires)', () => {
    for (const value of ['-1', '2s', '1.5', 'NaN']) {
      expect(() => loadConfig({ SETTINGS_CACHE_TTL_MS: value }), value).toThrow(
        /SETTINGS_CACHE_TTL_MS/,
      );
    }
  });
});
