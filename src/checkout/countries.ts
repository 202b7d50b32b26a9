/**
 * Countries the checkout offers. A first cut: the full list with states and locale rules comes
 * from a maintained dataset in the checkout issue.
 */
export const countries: Record<string, string> = {
  AU: 'Australia',
  AT: 'Austria',
  BE: 'Belgium',
  BR: 'Brazil',
  CA: 'Canada',
  FR: 'France',
  DE: 'Germany',
  IE: 'Ireland',
  IT: 'Italy',
  MX: 'Mexico',
  NL: 'Netherlands',
  NZ: 'New Zealand',
  PL: 'Poland',
  PT: 'Portugal',
  ES: 'Spain',
  SE: 'Sweden',
  CH: 'Switzerland',
  GB: 'United Kingdom (UK)',
  US: 'United States (US)',
};

export const defaultCountry = 'US';
