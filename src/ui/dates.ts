/** Dates as people read them. One formatter, made once: building one per call is slow. */
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function formatDate(iso: string): string {
  return longDate.format(new Date(iso));
}
