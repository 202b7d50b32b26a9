import { run, POPULAR_DOMAINS, POPULAR_TLDS } from '@zootools/email-spell-checker';
import { toUnicode } from 'punycode/';
import {
  EMAIL_SUGGESTION_LOCAL_PART_MAX_LENGTH,
  MAILCHECK_THRESHOLDS,
} from '../../../platform/constants/index.ts';

/**
 * Seed 002 §5's e-mail suggestion (mailcheck, here the maintained @zootools/email-spell-checker):
 * the address it would rather have, with the form's own domains and top-level domains added,
 * thresholds 2 / 2 / 2, punycode shown as Unicode, unsafe characters stripped and the local part
 * capped at 64 characters. Undefined when there is nothing to suggest.
 */
export interface MailcheckSettings {
  mailcheck_domains: readonly string[];
  mailcheck_toplevel_domains: readonly string[];
}

const UNSAFE_LOCAL = /[<>'"()/\\|:;=@%&\s]/g;
const UNSAFE_DOMAIN = /[<>'"()/\\|:;=@%&+_\s]/g;

export function emailSuggestion(email: string, settings: MailcheckSettings): string | undefined {
  const trimmed = email.trim();
  if (!trimmed.includes('@')) return undefined;
  const suggestion = run({
    email: trimmed,
    domains: [...POPULAR_DOMAINS, ...settings.mailcheck_domains],
    topLevelDomains: [...POPULAR_TLDS, ...settings.mailcheck_toplevel_domains],
    domainThreshold: MAILCHECK_THRESHOLDS.domain,
    secondLevelThreshold: MAILCHECK_THRESHOLDS.secondLevel,
    topLevelThreshold: MAILCHECK_THRESHOLDS.topLevel,
  });
  if (!suggestion) return undefined;
  const address = [...decode(suggestion.address).replace(UNSAFE_LOCAL, '')]
    .slice(0, EMAIL_SUGGESTION_LOCAL_PART_MAX_LENGTH)
    .join('');
  const domain = unicodeDomain(decode(suggestion.domain)).replace(UNSAFE_DOMAIN, '');
  if (address === '' || domain === '') return undefined;
  const full = `${address}@${domain}`;
  return full.toLowerCase() === trimmed.toLowerCase() ? undefined : full;
}

/** The checker encodes the address as a URI; a broken escape is kept as it came. */
function decode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

function unicodeDomain(domain: string): string {
  if (!/(^|\.)xn--/i.test(domain)) return domain;
  try {
    return toUnicode(domain);
  } catch {
    return domain;
  }
}
