import { solveChallenge, solveChallengeWorkers, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import CaptchaWorker from './captcha-worker.ts?worker&inline';

/**
 * Solves an ALTCHA challenge with altcha-lib (loaded only when a visitor starts the check): in
 * workers where the page allows them, else on the page itself (altcha-lib yields to the page
 * every 200 ms). The answer is the payload the server verifies: base64 of the challenge and the
 * solution, as the ALTCHA widget posts it.
 */
export async function solveCaptcha(challenge: Challenge): Promise<string> {
  let solution = null;
  try {
    solution = await solveChallengeWorkers({
      challenge,
      concurrency: Math.min(navigator.hardwareConcurrency || 2, 4),
      createWorker: () => new CaptchaWorker(),
    });
  } catch {
    // A host page's CSP may refuse blob workers: solve here instead.
    solution = await solveChallenge({ challenge, deriveKey });
  }
  if (!solution) throw new Error('ALTCHA challenge not solved');
  const { parameters, signature } = challenge;
  return btoa(JSON.stringify({ challenge: { parameters, signature }, solution }));
}
