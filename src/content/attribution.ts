/**
 * Order attribution (seed 000 §3): where the shopper of an order came from, tracked in the
 * browser (only with consent) and posted with the order in hidden inputs named as WooCommerce
 * names them (`wc_order_attribution_{field}`). Plain data in, plain data out.
 */
export const ATTRIBUTION_FIELD_PREFIX = 'wc_order_attribution_';

/** The fields the browser posts, and the longest value of each the shop keeps. */
export const attributionFieldLimits = {
  source_type: 20,
  referrer: 2000,
  utm_campaign: 200,
  utm_source: 200,
  utm_medium: 200,
  utm_content: 200,
  utm_term: 200,
  session_entry: 2000,
  session_start_time: 40,
  session_pages: 9,
  session_count: 9,
  user_agent: 500,
} as const;

export type AttributionField = keyof typeof attributionFieldLimits;
export const attributionFields = Object.keys(attributionFieldLimits) as AttributionField[];

export type DeviceType = 'Mobile' | 'Tablet' | 'Desktop' | '';

export interface OrderAttribution {
  sourceType: string;
  referrer: string;
  utmCampaign: string;
  utmSource: string;
  utmMedium: string;
  utmContent: string;
  utmTerm: string;
  sessionEntry: string;
  sessionStartTime: string;
  sessionPages: number | null;
  sessionCount: number | null;
  userAgent: string;
  deviceType: DeviceType;
}

/** The posted input's name of a field. */
export function attributionInputName(field: AttributionField): string {
  return `${ATTRIBUTION_FIELD_PREFIX}${field}`;
}

/** `(none)` is sourcebuster's word for a value it did not find: kept as nothing. */
const NONE = '(none)';

/**
 * The attribution posted with a form, or null when it holds none (tracking not allowed). It is
 * what the shopper's tracking cookies said, so a long or odd value is cut to size rather than
 * refused: refusing it would refuse the shopper's order.
 */
export function attributionFromForm(form: Record<string, unknown>): OrderAttribution | null {
  const value = (field: AttributionField): string => {
    const raw = form[attributionInputName(field)];
    if (typeof raw !== 'string') return '';
    const trimmed = raw.trim();
    return trimmed === NONE ? '' : trimmed.slice(0, attributionFieldLimits[field]);
  };
  const count = (field: AttributionField): number | null => {
    const text = value(field);
    return /^\d{1,9}$/.test(text) ? Number(text) : null;
  };
  const sourceType = value('source_type');
  if (sourceType === '') return null;
  const userAgent = value('user_agent');
  return {
    sourceType,
    referrer: value('referrer'),
    utmCampaign: value('utm_campaign'),
    utmSource: value('utm_source'),
    utmMedium: value('utm_medium'),
    utmContent: value('utm_content'),
    utmTerm: value('utm_term'),
    sessionEntry: value('session_entry'),
    sessionStartTime: value('session_start_time'),
    sessionPages: count('session_pages'),
    sessionCount: count('session_count'),
    userAgent,
    deviceType: deviceType(userAgent),
  };
}

/** The device a user agent names, as WooCommerce tells them apart (tablets before phones). */
export function deviceType(userAgent: string): DeviceType {
  if (userAgent === '') return '';
  if (/ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))/i.test(userAgent)) return 'Tablet';
  if (/mobi|iphone|ipod|android|blackberry|opera mini|iemobile|windows phone/i.test(userAgent))
    return 'Mobile';
  return 'Desktop';
}

/** What the browser's tracking cookies hold, as sourcebuster parses them. */
export interface TrackedVisit {
  current?: Partial<Record<'typ' | 'src' | 'mdm' | 'cmp' | 'cnt' | 'trm', string>>;
  current_add?: Partial<Record<'fd' | 'ep' | 'rf', string>>;
  session?: Partial<Record<'pgs' | 'cpg', string>>;
  udata?: Partial<Record<'vst' | 'uip' | 'uag', string>>;
}

/** The inputs' values for a tracked visit (WooCommerce's mapping of sourcebuster's data). */
export function attributionInputValues(visit: TrackedVisit): Record<AttributionField, string> {
  return {
    source_type: visit.current?.typ ?? '',
    referrer: visit.current_add?.rf ?? '',
    utm_campaign: visit.current?.cmp ?? '',
    utm_source: visit.current?.src ?? '',
    utm_medium: visit.current?.mdm ?? '',
    utm_content: visit.current?.cnt ?? '',
    utm_term: visit.current?.trm ?? '',
    session_entry: visit.current_add?.ep ?? '',
    session_start_time: visit.current_add?.fd ?? '',
    session_pages: visit.session?.pgs ?? '',
    session_count: visit.udata?.vst ?? '',
    user_agent: visit.udata?.uag ?? '',
  };
}
