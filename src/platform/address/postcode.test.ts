import { describe, expect, it } from 'vitest';
import { formatPostcode, isPostcode, isValidPostcode, normalisePostcode } from './postcode.ts';

/** Country, as typed, as WooCommerce formats it. Every one a valid postcode of its country. */
const valid: [string, string, string][] = [
  ['GB', 'SW1Y 4JH', 'SW1Y 4JH'],
  ['GB', 'sw1y4jh', 'SW1Y 4JH'],
  ['GB', 'M1 1AE', 'M1 1AE'],
  ['GB', 'B33 8TH', 'B33 8TH'],
  ['GB', 'CR2 6XH', 'CR2 6XH'],
  ['GB', 'DN55 1PT', 'DN55 1PT'],
  ['GB', 'W1A 0AX', 'W1A 0AX'],
  ['GB', 'EC1A 1BB', 'EC1A 1BB'],
  ['GB', 'GIR 0AA', 'GIR 0AA'],
  ['GB', 'BFPO 801', 'BFPO 801'],
  ['US', '94103', '94103'],
  ['US', '94103-1234', '94103-1234'],
  ['US', '941031234', '94103-1234'],
  ['US', ' 94103 ', '94103'],
  ['PR', '00901', '00901'],
  ['CA', 'K1A 0B1', 'K1A 0B1'],
  ['CA', 'k1a0b1', 'K1A 0B1'],
  ['BR', '01310-100', '01310-100'],
  ['BR', '01310100', '01310-100'],
  ['JP', '100-0001', '100-0001'],
  ['JP', '1000001', '100-0001'],
  ['PT', '1000-001', '1000-001'],
  ['PT', '1000001', '1000-001'],
  ['NL', '1012 AB', '1012 AB'],
  ['NL', '1012ab', '1012 AB'],
  ['IE', 'D02 X285', 'D02 X285'],
  ['IE', 'd02x285', 'D02 X285'],
  ['IE', 'D6W 1234', 'D6W 1234'],
  ['DE', '10115', '10115'],
  ['DE', '01067', '01067'],
  ['AT', '1010', '1010'],
  ['BE', '1000', '1000'],
  ['CH', '8001', '8001'],
  ['HU', '1051', '1051'],
  ['NO', '0150', '0150'],
  ['BA', '71000', '71000'],
  ['DK', '2100', '2100'],
  ['DK', 'DK-2100', 'DK-2100'],
  ['DK', 'dk2100', 'DK-2100'],
  ['ES', '28013', '28013'],
  ['FR', '75001', '75001'],
  ['IT', '00184', '00184'],
  ['IN', '110001', '110001'],
  ['PL', '00-001', '00-001'],
  ['PL', '00001', '00-001'],
  ['CZ', '11000', '11000'],
  ['SK', '81101', '81101'],
  ['SI', '1000', '1000'],
  ['LI', '9490', '9490'],
  ['LV', '1050', 'LV-1050'],
  ['LV', 'LV-1050', 'LV-1050'],
  // No pattern: letters, digits, spaces and dashes, without the spaces and dashes.
  ['SE', '114 55', '11455'],
  ['AU', '2000', '2000'],
];

/** Country and something typed that is not one of its postcodes. */
const invalid: [string, string][] = [
  ['GB', '!!!'],
  ['GB', 'SW1Y'],
  ['GB', 'QW1 4JH'],
  ['GB', '12345'],
  ['US', 'hello'],
  ['US', '9410'],
  ['US', '941031'],
  ['US', '94103-12'],
  ['PR', '0090'],
  ['CA', 'D1A 0B1'],
  ['CA', 'W1A 0B1'],
  ['CA', '12345'],
  ['BR', '0131010'],
  ['JP', '10-0001'],
  ['PT', '100-001'],
  ['NL', '0123 AB'],
  ['NL', '1012 SA'],
  ['NL', '1012'],
  ['IE', 'B12 3456'],
  ['IE', 'hello'],
  ['DE', '00115'],
  ['DE', '1011'],
  ['DE', 'ABCDE'],
  ['AT', '10100'],
  ['BE', 'ABCD'],
  ['CH', '800'],
  ['BA', '61000'],
  ['DK', '3900'],
  ['ES', '2801'],
  ['FR', '7500A'],
  ['IT', '001840'],
  ['IN', '010001'],
  ['PL', '0001'],
  ['CZ', '1100'],
  ['SI', '0100'],
  ['LI', '9500'],
  ['SE', '114#55'],
  ['AU', '20.00'],
];

describe('postcodes by country (WooCommerce’s is_postcode and format_postcode)', () => {
  it.each(valid)('%s takes “%s”, written “%s”', (country, typed, formatted) => {
    expect(formatPostcode(typed, country)).toBe(formatted);
    expect(isPostcode(formatted, country)).toBe(true);
    expect(isValidPostcode(typed, country)).toBe(true);
  });

  it.each(invalid)('%s refuses “%s”', (country, typed) => {
    expect(isValidPostcode(typed, country)).toBe(false);
  });

  it('formats a postcode only once: formatting a formatted postcode changes nothing', () => {
    for (const [country, , formatted] of valid)
      expect(formatPostcode(formatted, country)).toBe(formatted);
  });

  it('normalises as wc_normalize_postcode does', () => {
    expect(normalisePostcode(' sw1y-4jh ')).toBe('SW1Y4JH');
  });

  it('refuses anything but letters, digits, spaces and dashes, whatever the country', () => {
    expect(isPostcode('12<3', 'AU')).toBe(false);
    expect(isPostcode('12 3-A', 'AU')).toBe(true);
  });
});
