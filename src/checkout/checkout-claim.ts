import { cartRepo } from '../cart/cart.repo.ts';
import { CHECKOUT_CLAIM_STALE_MS } from '../platform/constants/index.ts';
import type { Db } from '../platform/db/database.ts';
import type { AppServer } from '../platform/jobs/app-server.ts';

/**
 * Claims the session's cart for one checkout attempt of this server: of two submits at once one
 * gets it. A claim whose holder died (its server is gone, or it was this server's and no longer
 * runs) is taken over at once rather than after `CHECKOUT_CLAIM_STALE_MS`. Returns the holder
 * to release with, or null while another attempt runs.
 */
export async function claimCheckout(
  db: Db,
  server: AppServer,
  sessionId: string,
): Promise<string | null> {
  const carts = cartRepo(db);
  const holder = server.startAttempt();
  const now = server.clock();
  if (await carts.claimCheckout(sessionId, holder, now, CHECKOUT_CLAIM_STALE_MS)) return holder;
  const current = await carts.checkoutHolder(sessionId);
  if (
    current &&
    !(await server.isRunning(current)) &&
    (await carts.takeOverCheckout(sessionId, current, holder, now))
  )
    return holder;
  server.finish(holder);
  return null;
}

/** Ends the attempt's claim on the cart (the cart may have moved to a new session id). */
export async function releaseCheckout(
  db: Db,
  server: AppServer,
  sessionId: string,
  holder: string,
): Promise<void> {
  // The claim goes first: while the database still names this attempt, it must count as running,
  // or a second submit would take the claim over from an attempt that has not let go yet.
  try {
    await cartRepo(db).releaseCheckout(sessionId, holder);
  } finally {
    server.finish(holder);
  }
}

/**
 * Frees the checkout claims of attempts that no longer run on any app server (their server is
 * gone, or it was this one and they ended): a claim is otherwise freed only when its shopper
 * checks out again. Returns how many were freed.
 */
export async function freeDeadClaims(db: Db, server: AppServer): Promise<number> {
  const carts = cartRepo(db);
  let freed = 0;
  for (const claim of await carts.heldCheckouts()) {
    if (await server.isRunning(claim.holder)) continue;
    if (await carts.releaseCheckout(claim.sessionId, claim.holder)) freed += 1;
  }
  return freed;
}
