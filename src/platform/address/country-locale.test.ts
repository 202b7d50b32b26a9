import { describe, expect, it } from 'vitest';
import { countryLocale, type CountryLocale } from './country-locale.ts';

const order = (locale: CountryLocale) =>
  (['city', 'state', 'postcode'] as const)
    .filter((field) => !locale[field].hidden)
    .sort((a, b) => locale[a].priority - locale[b].priority);

describe('country locale', () => {
  it('asks the US for a state from a select, relabelled State', () => {
    const { state, postcode, city } = countryLocale('US');
    expect(state).toMatchObject({ input: 'select', label: 'State', required: true, hidden: false });
    expect(postcode).toMatchObject({ label: 'Postcode / ZIP', required: true, hidden: false });
    expect(city).toMatchObject({ label: 'Town / City', required: true });
  });

  it('relabels the state by country', () => {
    expect(countryLocale('CA').state.label).toBe('Province');
    expect(countryLocale('AU').state.label).toBe('State');
    expect(countryLocale('IE').state.label).toBe('County');
    expect(countryLocale('JP').state.label).toBe('Prefecture');
    expect(countryLocale('BR').state.label).toBe('State / County');
  });

  it('keeps the contract labels of city and postcode everywhere', () => {
    for (const country of ['US', 'CA', 'AU', 'GB', 'IE', 'HK']) {
      expect(countryLocale(country).city.label).toBe('Town / City');
      expect(countryLocale(country).postcode.label).toBe('Postcode / ZIP');
    }
  });

  it('offers the UK an optional free-text county and a required postcode', () => {
    const { state, postcode } = countryLocale('GB');
    expect(state).toMatchObject({ input: 'text', label: 'County', required: false, hidden: false });
    expect(postcode).toMatchObject({ required: true, hidden: false });
    expect(order(countryLocale('GB'))).toEqual(['city', 'state', 'postcode']);
  });

  it('hides the state where the address format has none (DE, FR, NL)', () => {
    for (const country of ['DE', 'FR', 'NL']) {
      expect(countryLocale(country).state).toMatchObject({
        input: 'hidden',
        hidden: true,
        required: false,
      });
    }
  });

  it('puts the postcode before the city where the address format does (DE)', () => {
    expect(order(countryLocale('DE'))).toEqual(['postcode', 'city']);
    expect(order(countryLocale('US'))).toEqual(['city', 'state', 'postcode']);
  });

  it('hides an optional postcode where the country has none (HK, AE)', () => {
    for (const country of ['HK', 'AE']) {
      expect(countryLocale(country).postcode).toMatchObject({ hidden: true, required: false });
    }
  });

  it('asks for a free-text state where the format has one but the dataset lists no states (HK)', () => {
    expect(countryLocale('HK').state).toMatchObject({ input: 'text', label: 'Region' });
  });

  it('makes the Irish Eircode optional', () => {
    expect(countryLocale('IE').postcode).toMatchObject({ required: false, hidden: false });
  });

  it('leaves the city optional where the format has no city line (SG)', () => {
    expect(countryLocale('SG').city).toMatchObject({ required: false, hidden: false });
  });

  it('orders Japanese addresses postcode, prefecture, city, side by side, ahead of the street', () => {
    const jp = countryLocale('JP');
    expect(order(jp)).toEqual(['postcode', 'state', 'city']);
    expect(jp.city.priority).toBeLessThan(50);
    expect(jp.postcode.layout).toBe('form-row-first');
    expect(jp.state.layout).toBe('form-row-last');
    expect(jp.city.required).toBe(true);
  });

  it('shows the South African province the format leaves out', () => {
    expect(countryLocale('ZA').state).toMatchObject({ input: 'select', required: true });
  });

  it('uses the default country rules for an empty or unknown country', () => {
    expect(countryLocale('')).toEqual(countryLocale('US'));
    expect(countryLocale('XX')).toEqual(countryLocale('US'));
  });
});
