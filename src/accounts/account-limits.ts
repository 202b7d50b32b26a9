import { LOST_PASSWORD_RATE_LIMIT, REGISTER_RATE_LIMIT } from '../platform/constants/index.ts';
import type { Db } from '../platform/db/database.ts';
import type { FixedWindowLimit, RateVerdict } from '../platform/rate-limit/rate-limit.ts';
import { rateLimiter } from '../platform/rate-limit/rate-limit.service.ts';

export interface PerIpAndEmail {
  perIp: FixedWindowLimit;
  perEmail: FixedWindowLimit;
}

/**
 * Registrations and password-reset requests, counted per client IP (one network asking for many
 * accounts or links) and per address (one inbox flooded with mails), in the shop's one rate
 * limiter. Every request counts, whether or not the address has an account, so a refusal says
 * nothing about the address.
 */
export function accountLimits(
  db: Db,
  limits: { register: PerIpAndEmail; lostPassword: PerIpAndEmail } = {
    register: REGISTER_RATE_LIMIT,
    lostPassword: LOST_PASSWORD_RATE_LIMIT,
  },
  clock: () => number = Date.now,
) {
  const counter = (action: string, perAction: PerIpAndEmail) => {
    const limiter = rateLimiter(db, action, clock);
    return (ip: string, email: string): Promise<RateVerdict> =>
      limiter.attempt([
        { kind: 'ip', subject: ip, limit: perAction.perIp },
        { kind: 'email', subject: email, limit: perAction.perEmail },
      ]);
  };
  return {
    registration: counter('register', limits.register),
    passwordReset: counter('lost_password', limits.lostPassword),
  };
}

export type AccountLimits = ReturnType<typeof accountLimits>;
