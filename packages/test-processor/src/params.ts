import { invalidRequest } from './stripe-objects.ts';

/** A form-encoded request as qs parses it: strings, nested records and arrays. */
export type Params = Record<string, unknown>;

export function str(params: Params, key: string): string | undefined {
  const value = params[key];
  return typeof value === 'string' ? value : undefined;
}

export function record(params: Params, key: string): Params {
  const value = params[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Params) : {};
}

export function bool(params: Params, key: string): boolean | undefined {
  const value = str(params, key);
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalidRequest(`Invalid boolean: ${value}`, key);
}

/** A whole number in minor units or similar; Stripe refuses anything else. */
export function int(params: Params, key: string): number | undefined {
  const value = str(params, key);
  if (value === undefined) return undefined;
  if (!/^\d{1,12}$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, key);
  return Number(value);
}

/** `key[]=a&key[]=b` or `key[0]=a&key[1]=b` (what the SDK sends). */
export function strList(params: Params, key: string): string[] | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  const list = Array.isArray(value)
    ? value
    : value && typeof value === 'object'
      ? Object.values(value)
      : [value];
  if (!list.every((item): item is string => typeof item === 'string'))
    throw invalidRequest(`Invalid array`, key);
  return list;
}

export function oneOf<T extends string>(
  params: Params,
  key: string,
  allowed: readonly T[],
): T | undefined {
  const value = str(params, key);
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw invalidRequest(
      `Invalid ${key}: must be one of ${allowed.join(', ')}`,
      key,
      'parameter_invalid',
    );
  return value as T;
}

const METADATA_KEYS = 50;
const METADATA_KEY_LENGTH = 40;
const METADATA_VALUE_LENGTH = 500;

/**
 * Stripe's metadata update: keys merge into what is there, a key set to '' is removed, and
 * `metadata=` (empty) clears everything. Stripe's own limits apply.
 */
export function mergeMetadata(
  current: Record<string, string>,
  params: Params,
): Record<string, string> {
  if (params.metadata === undefined) return current;
  if (params.metadata === '') return {};
  const update = record(params, 'metadata');
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (typeof value !== 'string') throw invalidRequest('Invalid metadata', `metadata[${key}]`);
    if (key.length > METADATA_KEY_LENGTH || value.length > METADATA_VALUE_LENGTH)
      throw invalidRequest(
        `Metadata keys can be up to ${METADATA_KEY_LENGTH} characters and values up to ${METADATA_VALUE_LENGTH}.`,
        `metadata[${key}]`,
      );
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  if (Object.keys(merged).length > METADATA_KEYS)
    throw invalidRequest(`Metadata can have up to ${METADATA_KEYS} keys.`, 'metadata');
  return merged;
}

/** An absolute http(s) URL, as Stripe requires for `return_url`. */
export function urlParam(params: Params, key: string): string | undefined {
  const value = str(params, key);
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidRequest('Not a valid URL', key, 'url_invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalidRequest('Not a valid URL', key, 'url_invalid');
  return value;
}
