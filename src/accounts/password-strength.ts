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

/** zxcvbn's answer, as much of it as a verdict needs. */
export interface StrengthCheck {
  score: 0 | 1 | 2 | 3 | 4;
  warning: string | null;
  suggestions: string[];
}

/** The shop's words for zxcvbn's feedback (its keys), English estimates of time left as they are. */
export const strengthTranslations = {
  warnings: messages.passwordWarnings,
  suggestions: messages.passwordSuggestions,
};

/**
 * WooCommerce's strength meter, `woocommerce_min_password_strength`: a new password below the
 * minimum score is refused, with zxcvbn's warning (or first suggestion) as the reason. The
 * server and the registration form reach the same verdict from the same check.
 */
export function strengthVerdict(check: StrengthCheck): PasswordStrength {
  const strongEnough = check.score >= PASSWORD_MIN_STRENGTH;
  const advice = check.warning || check.suggestions[0] || null;
  return {
    score: check.score,
    strongEnough,
    reason: strongEnough ? null : (advice ?? messages.passwordHint),
  };
}

/** What a person might put in their password that a guesser would try first. */
export function personalWords(email: string): string[] {
  const local = email.split('@')[0] ?? '';
  return [email, local, ...local.split(/[._+-]/), messages.shopName, 'hearth', 'thread'].filter(
    (word) => word.length >= 3,
  );
}

let checker: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn with the common and English dictionaries, in this thread: the browser's (its own chunk,
 * fetched when someone starts typing a new password). The server checks in a worker thread
 * (password-strength-worker.ts), where building the dictionaries blocks no request.
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
          ...strengthTranslations,
          timeEstimation: english.translations.timeEstimation,
        },
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...english.dictionary },
      }),
  );
  return checker;
}

/** Starts loading the checker (a new-password field took focus): ready by the first keystroke. */
export function prepareStrengthChecker(): void {
  void strengthChecker().catch(() => undefined);
}

/** Scores a new password in this thread (the registration form's meter). */
export async function passwordStrength(
  password: string,
  userInputs: string[] = [],
): Promise<PasswordStrength> {
  const result = (await strengthChecker()).check(password, userInputs);
  return strengthVerdict({
    score: result.score,
    warning: result.feedback.warning,
    suggestions: result.feedback.suggestions,
  });
}
