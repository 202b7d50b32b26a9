import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addToSlideOutCart,
  isPanelOpen,
  refreshPanel,
  setPanelOpen,
  type PanelResponse,
} from './browser-cart-store.ts';

interface Sent {
  url: string;
  fields: Record<string, string>;
}

const json = { 'content-type': 'application/json; charset=utf-8' };
const html = { 'content-type': 'text/html' };

/**
 * A fetch that records each form post and answers what `answer` says, when `answer` resolves:
 * an object as the shop's JSON, a string as an HTML page.
 */
function stubFetch(answer: (sent: Sent) => Promise<[number, PanelResponse | string]>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const request = { url, fields: Object.fromEntries(new URLSearchParams(String(init.body))) };
    sent.push(request);
    const [status, body] = await answer(request);
    if (typeof body === 'string') return new Response(body, { status, headers: html });
    return new Response(JSON.stringify(body), { status, headers: json });
  });
  return sent;
}

const answered =
  (body: PanelResponse | string, status = 200) =>
  () =>
    Promise.resolve<[number, PanelResponse | string]>([status, body]);

const cartAnswer = { count: 1, html: '<ul></ul>', cart_hash: 'abc', nonce: '0123456789ab' };

describe('the slide-out flow’s add in the browser cart store', () => {
  beforeEach(() => setPanelOpen(false));
  afterEach(() => vi.unstubAllGlobals());

  it('posts action add_to_cart with the form’s fields, then opens the panel', async () => {
    const sent = stubFetch(answered(cartAnswer));
    const panelOpenBefore: boolean[] = [];
    const fields = { product_id: '12', quantity: '2', variation_id: '14', attribute_size: 'M' };
    const answer = await addToSlideOutCart(fields, () => panelOpenBefore.push(isPanelOpen()));
    expect(sent).toEqual([{ url: '/admin-ajax', fields: { ...fields, action: 'add_to_cart' } }]);
    expect(answer).toMatchObject({ ok: true, count: 1 });
    expect(panelOpenBefore).toEqual([false]);
    expect(isPanelOpen()).toBe(true);
  });

  it('keeps the nonce it answers for the panel’s next change', async () => {
    const sent = stubFetch(answered({ ...cartAnswer, nonce: 'fedcba987654' }));
    await addToSlideOutCart({ product_id: '12' });
    await refreshPanel('update', 'line-key', 3);
    expect(sent[1]?.fields).toMatchObject({ event: 'update', security: 'fedcba987654' });
  });

  it('leaves the panel closed on a refusal and answers its message', async () => {
    stubFetch(answered({ code: 'not_enough_stock', message: 'Not enough stock.' }, 400));
    const beforeOpen = vi.fn();
    const answer = await addToSlideOutCart({ product_id: '12' }, beforeOpen);
    expect(answer).toMatchObject({ ok: false, message: 'Not enough stock.' });
    expect(beforeOpen).not.toHaveBeenCalled();
    expect(isPanelOpen()).toBe(false);
  });

  it('passes on no text from an answer that is not the shop’s (a proxy’s error page)', async () => {
    stubFetch(answered('<h1>502 Bad Gateway</h1>', 502));
    const answer = await addToSlideOutCart({ product_id: '12' });
    expect(answer).toEqual({ ok: false });
    expect(isPanelOpen()).toBe(false);
  });

  it('waits in the one queue: the next write is sent only once the add has its answer', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent = stubFetch(async ({ fields }) => {
      if (fields.action === 'add_to_cart') await held;
      return [200, cartAnswer];
    });
    const adding = addToSlideOutCart({ product_id: '12' });
    const refreshing = refreshPanel('refresh');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(1);
    release();
    await Promise.all([adding, refreshing]);
    expect(sent.map((s) => s.fields.action)).toEqual(['add_to_cart', 'refresh_cart']);
  });
});
