import { useEffect, useState } from 'react';
import { accountMessages } from '../../platform/messages/accounts.ts';
import { format } from '../../platform/messages/format.ts';
import type { PasswordStrength } from '../password-strength.ts';

/** Typing settles this long before the password is scored. */
const SCORE_AFTER_MS = 200;

/** A new-password field took focus: the checker starts loading before the first keystroke. */
export function prepareStrengthMeter(): void {
  void import('../password-strength.ts').then((module) => module.prepareStrengthChecker());
}

/**
 * WooCommerce's strength meter under a new password: zxcvbn's score as a bar and a word, and
 * what makes a weak one weak. The checker (and its dictionaries) load with the first keystroke;
 * the server scores the password the same way when the form is sent.
 */
export function PasswordStrengthMeter({
  id,
  password,
  email,
}: {
  id: string;
  password: string;
  email: string;
}) {
  const [verdict, setVerdict] = useState<PasswordStrength | null>(null);
  useEffect(() => {
    let current = true;
    if (password === '') {
      setVerdict(null);
      return;
    }
    const timer = setTimeout(() => {
      void import('../password-strength.ts')
        .then(({ passwordStrength, personalWords }) =>
          passwordStrength(password, personalWords(email)),
        )
        .then((result) => current && setVerdict(result))
        .catch(() => current && setVerdict(null));
    }, SCORE_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, email]);
  const label = verdict ? accountMessages.passwordStrengthLabels[verdict.score] : null;
  return (
    <div
      id={id}
      className={`password-strength${verdict ? ` strength-${verdict.score}` : ''}`}
      aria-live="polite"
    >
      {verdict && (
        <>
          <span className="password-strength-bar" aria-hidden="true">
            <span style={{ width: `${((verdict.score + 1) / 5) * 100}%` }} />
          </span>
          <span className="password-strength-label">
            {format(accountMessages.passwordStrength, { label: label ?? '' })}
            {verdict.reason && <span className="password-strength-reason"> {verdict.reason}</span>}
          </span>
        </>
      )}
    </div>
  );
}
