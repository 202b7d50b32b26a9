import type { BaseLogger } from 'pino';
import { isRouteErrorResponse } from 'react-router';

/**
 * A page's error, as React Router reports it (its `handleError`, React's `onError`), written to
 * the request's structured log, which carries the request id. A refusal the page answers itself
 * (a POST to a page without an action is a 405, an unknown address a 404) is a line at debug
 * level without a stack; anything else is an error with its stack.
 */
export function logPageError(log: Pick<BaseLogger, 'debug' | 'error'>, error: unknown): void {
  if (isRouteErrorResponse(error) && error.status < 500) {
    // React Router keeps the Error behind its own refusals (405, 404) on `error`.
    const cause = (error as { error?: unknown }).error;
    const reason =
      cause instanceof Error ? cause.message : typeof error.data === 'string' ? error.data : '';
    log.debug({ status: error.status, reason }, 'page refused the request');
    return;
  }
  log.error({ err: error }, 'page error');
}
