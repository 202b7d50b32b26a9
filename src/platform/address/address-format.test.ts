import { describe, expect, it } from 'vitest';
import { addressLines } from './address-format.ts';

const ada = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: '',
  address_1: '12 St James Square',
  address_2: '',
};

describe('addresses printed in their country’s format, with the country’s name', () => {
  it('prints a US address with its state’s code and the country’s WooCommerce name', () => {
    expect(
      addressLines({
        ...ada,
        country: 'US',
        city: 'San Francisco',
        state: 'CA',
        postcode: '94103',
      }),
    ).toEqual([
      'Ada Lovelace',
      '12 St James Square',
      'San Francisco, CA 94103',
      'United States (US)',
    ]);
  });

  it('prints a UK address with the town and postcode on their own lines', () => {
    expect(
      addressLines({ ...ada, country: 'GB', city: 'London', state: '', postcode: 'SW1Y 4JH' }),
    ).toEqual(['Ada Lovelace', '12 St James Square', 'London', 'SW1Y 4JH', 'United Kingdom (UK)']);
  });

  it('puts the postcode before the city in Germany and names the company', () => {
    expect(
      addressLines({
        ...ada,
        company: 'Analytical Engines GmbH',
        country: 'DE',
        city: 'Berlin',
        postcode: '10115',
      }),
    ).toEqual([
      'Ada Lovelace',
      'Analytical Engines GmbH',
      '12 St James Square',
      '10115 Berlin',
      'Germany',
    ]);
  });

  it('names a state by its name where the country writes names (Australia)', () => {
    const lines = addressLines({ country: 'AU', city: 'Sydney', state: 'NSW', postcode: '2000' });
    expect(lines.at(-1)).toBe('Australia');
    expect(lines.join('\n')).toContain('New South Wales');
  });

  it('keeps the city where the format has no line for it (Japan)', () => {
    const lines = addressLines({
      ...ada,
      country: 'JP',
      city: 'Chiyoda',
      state: 'Tokyo',
      postcode: '100-0001',
    });
    expect(lines.join('\n')).toContain('Chiyoda');
    expect(lines.at(-1)).toBe('Japan');
  });

  it('prints a shipping destination without gaps: state and postcode, then the country', () => {
    expect(addressLines({ country: 'US', state: 'CA', postcode: '94103' })).toEqual([
      'CA 94103',
      'United States (US)',
    ]);
    expect(addressLines({ country: 'GB' })).toEqual(['United Kingdom (UK)']);
  });

  it('prints nothing for a country it does not know', () => {
    expect(addressLines({ country: 'XX', city: 'Nowhere' })).toEqual([]);
  });
});
