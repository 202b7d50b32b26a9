import {
  EMAIL_DOMAIN_LABEL_MAX_LENGTH,
  EMAIL_LOCAL_PART_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
} from '../constants/index.ts';

/** Characters as a person counts them (an emoji is one), not UTF-16 units. */
function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * The shop's one e-mail address rule, wherever an address is typed (checkout, accounts, reviews,
 * coupons' per-customer limits, forms): 6 to 254 characters, no spaces, a single `@`, a local part
 * of 1 to 63, a domain of at least two labels of 1 to 63 each. `localDomain` also takes a one-label
 * domain (`shop@localhost`): only for the shop's own sender, never for what a visitor types.
 */
export function isEmailAddress(value: string, options: { localDomain?: boolean } = {}): boolean {
  const length = characterCount(value);
  if (length < EMAIL_MIN_LENGTH && !options.localDomain) return false;
  if (length > EMAIL_MAX_LENGTH || /\s/u.test(value)) return false;
  const parts = value.split('@');
  if (parts.length !== 2) return false;
  const [local = '', domain = ''] = parts;
  if (local === '' || characterCount(local) > EMAIL_LOCAL_PART_MAX_LENGTH) return false;
  const labels = domain.split('.');
  if (labels.length < 2 && !options.localDomain) return false;
  return labels.every(
    (label) => label !== '' && characterCount(label) <= EMAIL_DOMAIN_LABEL_MAX_LENGTH,
  );
}
