/**
 * Postcodes by country, as WooCommerce checks and writes them (`WC_Validation::is_postcode`,
 * `wc_format_postcode`): a postcode is formatted first, then checked.
 */

/** WooCommerce's `wc_normalize_postcode`: upper case, without spaces and dashes. */
export function normalisePostcode(postcode: string): string {
  return postcode.trim().toUpperCase().replace(/[\s-]/g, '');
}

/** PHP's `substr_replace($text, $insert, $at, 0)`: a negative place counts from the end. */
function insertAt(text: string, at: number, insert: string): string {
  const place = Math.min(text.length, Math.max(0, at < 0 ? text.length + at : at));
  return text.slice(0, place) + insert + text.slice(place);
}

/** Where a country's postcode gets its space or dash back after normalising. */
const separators: Record<string, [at: number, separator: string]> = {
  CA: [-3, ' '],
  GB: [-3, ' '],
  IE: [3, ' '],
  BR: [-3, '-'],
  PL: [-3, '-'],
  JP: [3, '-'],
  PT: [4, '-'],
  PR: [5, '-'],
  US: [5, '-'],
  NL: [4, ' '],
};

/**
 * WooCommerce's `wc_format_postcode`: `sw1y4jh` is `SW1Y 4JH`, `123456789` in the US is
 * `12345-6789`, `1000001` in Portugal is `1000-001`.
 */
export function formatPostcode(postcode: string, country: string): string {
  const plain = normalisePostcode(postcode);
  const separator = separators[country];
  if (separator) {
    const formatted = insertAt(plain, ...separator);
    // A five-digit ZIP has no extension to separate.
    return (country === 'US' || country === 'PR' ? formatted.replace(/-$/, '') : formatted).trim();
  }
  if (country === 'LV') {
    const digits = /(?:LV)?-?(\d+)/.exec(plain);
    return digits ? `LV-${digits[1]}` : plain;
  }
  if (country === 'DK') return plain.replace(/^(DK)(.+)$/, '$1-$2');
  return plain;
}

/** Letters a UK postcode may have at each place (WooCommerce's `is_gb_postcode`). */
const gb = {
  first: '[abcdefghijklmnoprstuwyz]',
  second: '[abcdefghklmnopqrstuvwxy]',
  third: '[abcdefghjkpstuw]',
  fourth: '[abehmnprvwxy]',
  inward: '[abdefghjlnpqrstuwxyz]',
};
const gbForms = [
  // AN NAA, ANN NAA, AAN NAA, AANN NAA
  new RegExp(`^(${gb.first}${gb.second}?[0-9]{1,2})([0-9]${gb.inward}{2})$`),
  // ANA NAA
  new RegExp(`^(${gb.first}[0-9]${gb.third})([0-9]${gb.inward}{2})$`),
  // AANA NAA
  new RegExp(`^(${gb.first}${gb.second}[0-9]${gb.fourth})([0-9]${gb.inward}{2})$`),
  /^(gir)(0aa)$/,
  /^(bfpo)([0-9]{1,4})$/,
  /^(bfpo)(c\/o[0-9]{1,3})$/,
];

function isGbPostcode(postcode: string): boolean {
  const plain = postcode.toLowerCase().replace(/ /g, '');
  return gbForms.some((form) => form.test(plain));
}

const fourDigits = /^([0-9]{4})$/;
const fiveDigits = /^([0-9]{5})$/i;
const zip = /^([0-9]{5})(-[0-9]{4})?$/i;
const czech = /^([0-9]{3})(\s?)([0-9]{2})$/;

/** WooCommerce's patterns by country; a country without one takes any letters and digits. */
const patterns: Record<string, RegExp> = {
  AT: fourDigits,
  BE: fourDigits,
  CH: fourDigits,
  HU: fourDigits,
  NO: fourDigits,
  BA: /^([7-8]{1})([0-9]{4})$/,
  BR: /^([0-9]{5})([-])?([0-9]{3})$/,
  DE: /^([0]{1}[1-9]{1}|[1-9]{1}[0-9]{1})[0-9]{3}$/,
  DK: /^(DK-)?([1-24-9]\d{3}|3[0-8]\d{2})$/,
  ES: fiveDigits,
  FR: fiveDigits,
  IT: fiveDigits,
  IN: /^[1-9]{1}[0-9]{2}\s{0,1}[0-9]{3}$/,
  JP: /^([0-9]{3})([-]?)([0-9]{4})$/,
  PT: /^([0-9]{4})([-])([0-9]{3})$/,
  PR: zip,
  US: zip,
  CA: /^([ABCEGHJKLMNPRSTVXY]\d[ABCEGHJKLMNPRSTVWXYZ])([ ])?(\d[ABCEGHJKLMNPRSTVWXYZ]\d)$/i,
  PL: /^([0-9]{2})([-])([0-9]{3})$/,
  CZ: czech,
  SK: czech,
  NL: /^([1-9][0-9]{3})(\s?)(?!SA|SD|SS)[A-Z]{2}$/i,
  SI: /^([1-9][0-9]{3})$/,
  LI: /^(94[8-9][0-9])$/,
};

/**
 * WooCommerce's `WC_Validation::is_postcode`: only letters, digits, spaces and dashes, in the
 * country's pattern. Give it the formatted postcode, as the checkout does.
 */
export function isPostcode(postcode: string, country: string): boolean {
  if (/[^\sA-Za-z0-9-]/.test(postcode)) return false;
  if (country === 'GB') return isGbPostcode(postcode);
  // Eircodes are checked without their space, anywhere in the text.
  if (country === 'IE')
    return /([AC-FHKNPRTV-Y]\d{2}|D6W)[0-9AC-FHKNPRTV-Y]{4}/.test(normalisePostcode(postcode));
  return patterns[country]?.test(postcode) ?? true;
}

/** Whether what a shopper typed is a postcode of the country, once formatted. */
export function isValidPostcode(typed: string, country: string): boolean {
  return isPostcode(formatPostcode(typed, country), country);
}
