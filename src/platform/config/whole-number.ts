/**
 * A whole number from the environment, `name` being its variable: unset or blank gives the
 * default; anything but digits, or outside `min`..`max`, stops the start (a port, a limit or a time
 * read as NaN would silently never apply).
 */
export function parseWholeNumber(
  name: string,
  value: string | undefined,
  defaultValue: number,
  { min, max = 9_999_999 }: { min: number; max?: number },
): number {
  const text = value?.trim() ?? '';
  if (text === '') return defaultValue;
  const number = Number(text);
  if (!/^\d{1,7}$/.test(text) || number < min || number > max) {
    const range = max === 9_999_999 ? `from ${min} up` : `from ${min} to ${max}`;
    throw new Error(`${name} must be a whole number ${range}, not "${text}"`);
  }
  return number;
}
