/** Limits of forms that take payment (issue 13); ours, the seeds give none. */

/** Coupon codes one IP address may try on forms in a window (guessing codes is not free). */
export const FORM_COUPON_RATE_LIMIT = { perIp: { max: 30, windowMs: 10 * 60_000 } } as const;
