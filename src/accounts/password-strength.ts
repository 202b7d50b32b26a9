import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_MIN_STRENGTH } from '../platform/constants/index.ts';
import { messages } from '../platform/messages/index.ts';

/** How guessable a password is (zxcvbn's score 0-4), whether it will do, and why not. */
export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  strongEnough: boolean;
  /** What makes it weak (or how to do better), in the shop's words; null when it will do. */
  reason: string | null;
}

let checker: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn with the common and English dictionaries: loaded on first use, on the server and in the
 * browser alike (there as its own chunk, fetched when someone starts typing a new password).
 */
function strengthChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, english]) =>
      new core.ZxcvbnFactory({
        translations: {
          warnings: messages.passwordWarnings,
          suggestions: messages.passwordSuggestions,
          timeEstimation: english.translations.timeEstimation,
        },
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...english.dictionary },
      }),
  );
  return checker;
}

/** What a person might put in their password that a guesser would try first. */
export function personalWords(email: string): string[] {
  const local = email.split('@')[0] ?? '';
  return [email, local, ...local.split(/[._+-]/), messages.shopName, 'hearth', 'thread'].filter(
    (word) => word.length >= 3,
  );
}

/**
 * Scores a new password (WooCommerce's strength meter, `woocommerce_min_password_strength`): the
 * server refuses one below the minimum, the registration form shows the same verdict as you type.
 */
export async function passwordStrength(
  password: string,
  userInputs: string[] = [],
): Promise<PasswordStrength> {
  const result = (await strengthChecker()).check(password, userInputs);
  const strongEnough = result.score >= PASSWORD_MIN_STRENGTH;
  const advice = result.feedback.warning ?? result.feedback.suggestions[0] ?? null;
  return {
    score: result.score,
    strongEnough,
    reason: strongEnough ? null : (advice ?? messages.passwordHint),
  };
}
