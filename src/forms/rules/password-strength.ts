import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * The password-strength scorer both sides use (@zxcvbn-ts with its common and English
 * dictionaries), so the browser and the server score a password alike. The dictionaries are
 * large: the browser loads this module only when a form has a password field with a strength rule.
 */
let factory: ZxcvbnFactory | undefined;

/** A password's score, 0 (guessable) to 4 (very hard to guess). */
export function passwordScore(password: string): number {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  // Beyond 100 characters zxcvbn's matching grows slow; such a password is strong anyway.
  return password.length > 100 ? 4 : factory.check(password).score;
}
