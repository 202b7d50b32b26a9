import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOrderReviewUpdater, repairCheckoutJson } from './order-review-updater.ts';

describe('the order review updater', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(ready = () => true) {
    const signals: AbortSignal[] = [];
    const updater = createOrderReviewUpdater({
      ready,
      run: (signal) => {
        signals.push(signal);
        return new Promise<void>(() => {});
      },
    });
    return { updater, signals };
  }

  it('sends an update 5 ms after it is asked for, once for a burst', () => {
    const { updater, signals } = setup();
    updater.update();
    updater.update();
    vi.advanceTimersByTime(4);
    expect(signals).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(signals).toHaveLength(1);
  });

  it('aborts the running update when a new one starts', () => {
    const { updater, signals } = setup();
    updater.update();
    vi.advanceTimersByTime(5);
    updater.update();
    vi.advanceTimersByTime(5);
    expect(signals).toHaveLength(2);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
  });

  it('waits 1000 ms after the last key typed, and ignores Tab', () => {
    const { updater, signals } = setup();
    updater.typed('a');
    vi.advanceTimersByTime(900);
    updater.typed('b');
    vi.advanceTimersByTime(900);
    expect(signals).toHaveLength(0);
    vi.advanceTimersByTime(105);
    expect(signals).toHaveLength(1);
    updater.typed('Tab');
    vi.advanceTimersByTime(2000);
    expect(signals).toHaveLength(1);
  });

  it('sends nothing while required address fields are empty', () => {
    let filled = false;
    const { updater, signals } = setup(() => filled);
    updater.update();
    vi.advanceTimersByTime(10);
    expect(signals).toHaveLength(0);
    filled = true;
    updater.update();
    vi.advanceTimersByTime(10);
    expect(signals).toHaveLength(1);
  });
});

describe('repairing a checkout answer', () => {
  it('reads well-formed JSON as it is', () => {
    expect(repairCheckoutJson('{"result":"success","redirect":"/x"}')).toEqual({
      result: 'success',
      redirect: '/x',
    });
  });

  it('extracts the part starting at the result key when junk precedes it', () => {
    expect(repairCheckoutJson('<br>Notice: x\n{"result":"failure","messages":"m"}')).toEqual({
      result: 'failure',
      messages: 'm',
    });
  });

  it('refuses an answer without a result', () => {
    expect(() => repairCheckoutJson('<html>oops</html>')).toThrow();
  });
});
