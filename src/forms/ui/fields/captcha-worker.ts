/// <reference lib="webworker" />
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { handler } from 'altcha-lib/workers/shared';

/** The ALTCHA proof-of-work solver's worker (altcha-lib's handler with Web Crypto's SHA). */
handler({ deriveKey });
