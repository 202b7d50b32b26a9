/**
 * Seed 002 §5's keystroke rules. Keys that do not type a character (arrows, Backspace, Tab) and
 * shortcuts (Ctrl / Cmd) always pass.
 */
function typesCharacter(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>) {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/** Number fields take only digits, minus and period. */
export function isRefusedNumberKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): boolean {
  return typesCharacter(event) && !/^[-0-9.]$/.test(event.key);
}

/** A payment's user-entered amount keeps only digits, period and comma while typing (issue 13). */
export function isRefusedAmountKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): boolean {
  return typesCharacter(event) && !/^[0-9.,]$/.test(event.key);
}

/** Pasted or dropped text in a number field: what the keystroke rule would have let through. */
export function numberCharacters(text: string): string {
  return text.replace(/[^-0-9.]/g, '');
}
