import {
  ORDER_REVIEW_DELAY_MS,
  ORDER_REVIEW_TYPING_DELAY_MS,
} from '../../platform/constants/index.ts';

/**
 * When the checkout refreshes its order review (seed 001 §4): an update runs 5 ms after it is
 * asked for; a new one aborts the one running; typing in an address field (Tab aside) asks for
 * one after 1000 ms of quiet; nothing is sent while required address fields are empty.
 */
export interface OrderReviewUpdater {
  /**
   * The `update_checkout` trigger: a change that should refresh the review. `force` sends it
   * even while address fields are empty (a coupon changed the totals).
   */
  update(options?: { force?: boolean }): void;
  /** A key pressed in an address field. */
  typed(key: string): void;
  dispose(): void;
}

export function createOrderReviewUpdater(options: {
  /** Sends the update; must stop when the signal aborts. */
  run(signal: AbortSignal): Promise<void>;
  /** Whether the required address fields are filled in. */
  ready(): boolean;
  delayMs?: number;
  typingDelayMs?: number;
}): OrderReviewUpdater {
  const delay = options.delayMs ?? ORDER_REVIEW_DELAY_MS;
  const typingDelay = options.typingDelayMs ?? ORDER_REVIEW_TYPING_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  let running: AbortController | undefined;

  function send(force = false): void {
    if (!force && !options.ready()) return;
    running?.abort();
    const controller = new AbortController();
    running = controller;
    options.run(controller.signal).finally(() => {
      if (running === controller) running = undefined;
    });
  }

  const updater: OrderReviewUpdater = {
    update(updateOptions) {
      clearTimeout(typingTimer);
      clearTimeout(timer);
      timer = setTimeout(() => send(updateOptions?.force), delay);
    },
    typed(key) {
      if (key === 'Tab') return;
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => updater.update(), typingDelay);
    },
    dispose() {
      clearTimeout(timer);
      clearTimeout(typingTimer);
      running?.abort();
    },
  };
  return updater;
}

/** Seed 001 §7: a checkout answer with junk before it is read from its `result` key on. */
export function repairCheckoutJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const start = text.indexOf('{"result"');
    if (start < 0) throw new SyntaxError('No checkout result in the answer');
    const end = text.lastIndexOf('}');
    return JSON.parse(text.slice(start, end + 1));
  }
}
