import { describe, expect, it } from 'vitest';
import { countries, defaultCountry, findState, isCountry, statesOf } from './countries.ts';

describe('countries', () => {
  it('offers every country of the dataset, sorted by name, in WooCommerce words', () => {
    const names = Object.values(countries);
    expect(names.length).toBeGreaterThan(240);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countries.US).toBe('United States (US)');
    expect(countries.GB).toBe('United Kingdom (UK)');
    expect(countries.DE).toBe('Germany');
  });

  it('defaults to the United States', () => {
    expect(defaultCountry).toBe('US');
    expect(isCountry(defaultCountry)).toBe(true);
  });

  it('knows country codes only, not names or lower case', () => {
    expect(isCountry('FR')).toBe(true);
    expect(isCountry('XX')).toBe(false);
    expect(isCountry('fr')).toBe(false);
    expect(isCountry('France')).toBe(false);
    expect(isCountry('toString')).toBe(false);
  });
});

describe('states', () => {
  it('lists the US states by code', () => {
    expect(statesOf('US')).toContainEqual({ code: 'CA', name: 'California' });
    expect(statesOf('US')).toContainEqual({ code: 'NY', name: 'New York' });
  });

  it('lists the Canadian provinces', () => {
    expect(statesOf('CA').map((s) => s.code)).toContain('ON');
  });

  it('has none for a territory the dataset lists as its own only region', () => {
    expect(statesOf('HK')).toEqual([]);
    expect(statesOf('GI')).toEqual([]);
  });

  it('has none for an unknown country', () => {
    expect(statesOf('XX')).toEqual([]);
  });

  it('names a region without a code by its name', () => {
    expect(statesOf('PR')).toContainEqual({ code: 'Adjuntas', name: 'Adjuntas' });
  });

  it('finds a state by code or full name, in any letter case', () => {
    expect(findState('US', 'CA')?.name).toBe('California');
    expect(findState('US', 'ca')?.name).toBe('California');
    expect(findState('US', 'california')?.code).toBe('CA');
    expect(findState('US', ' New York ')?.code).toBe('NY');
  });

  it('finds no state that belongs to another country or is empty', () => {
    expect(findState('US', 'ON')).toBeUndefined();
    expect(findState('CA', 'Ontario')?.code).toBe('ON');
    expect(findState('US', '')).toBeUndefined();
  });
});
