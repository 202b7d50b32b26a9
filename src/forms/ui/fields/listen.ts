import type { FormContext } from '../context.ts';

/** Listens on an element until the runtime detaches. */
export function on<K extends keyof HTMLElementEventMap>(
  context: FormContext,
  element: HTMLElement,
  type: K,
  listener: (event: HTMLElementEventMap[K]) => void,
  capture = false,
): void {
  element.addEventListener(type, listener, capture);
  context.cleanups.push(() => element.removeEventListener(type, listener, capture));
}

/**
 * Tells the runtime (and anyone listening: conditional logic, totals) that a script changed an
 * input's value, with the events a person's change would fire.
 */
export function changed(input: HTMLElement): void {
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

export function describe(element: Element, id: string): void {
  const ids = new Set((element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean));
  ids.add(id);
  element.setAttribute('aria-describedby', [...ids].join(' '));
}
