import { useSyncExternalStore } from 'react';
import { postForm, wcAjaxUrl, type JsonResponse } from '../../platform/http/client.ts';
import type { StoreCart } from '../store-api.types.ts';

/**
 * The browser's one cart store: fed by every cart response, read by every cart widget.
 * Writes go through one queue, one request in flight at a time (seed 000 §4).
 */
export interface CartState {
  cart: StoreCart | null;
  hash: string;
}

export interface AddToCartResponse {
  error?: boolean;
  product_url?: string;
  message?: string;
  fragments?: Record<string, string>;
  cart_hash?: string;
  cart?: StoreCart;
  success_message?: string;
  remove_nonce?: string;
}

let removeNonce = '';

/** The nonce of the cart's remove links, as the last cart answer gave it. */
export function cartRemoveNonce(fallback: string): string {
  return removeNonce || fallback;
}

let state: CartState = { cart: null, hash: '' };
const listeners = new Set<() => void>();
let queue: Promise<unknown> = Promise.resolve();

function publish(next: CartState): void {
  state = next;
  for (const listener of listeners) listener();
}

function cartState(): CartState {
  return state;
}

function subscribeCart(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCart(initial: StoreCart | null = null): CartState {
  const snapshot = useSyncExternalStore(subscribeCart, cartState, () => state);
  return snapshot.cart ? snapshot : { cart: initial, hash: '' };
}

function receiveCart(cart: StoreCart | undefined, hash: string | undefined): void {
  if (!cart) return;
  publish({ cart, hash: hash ?? state.hash });
  if (hash !== undefined) {
    try {
      // Other tabs of this browser listen for this key (storage event) and refresh their cart.
      localStorage.setItem('wc_cart_hash', hash);
    } catch {
      // Storage may be unavailable (private mode); the cart still works in this tab.
    }
  }
}

/** Runs cart writes one after another, in the order they were asked for. */
export function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

export function addToCart(payload: Record<string, string>): Promise<AddToCartResponse> {
  return enqueue(async () => {
    const response = await postForm<AddToCartResponse>(wcAjaxUrl('add_to_cart'), payload);
    const data = response.data ?? {};
    if (data.remove_nonce) removeNonce = data.remove_nonce;
    if (response.ok) receiveCart(data.cart, data.cart_hash);
    return response.ok ? data : { ...data, error: true };
  });
}

export function removeFromCart(key: string): Promise<AddToCartResponse> {
  return enqueue(async () => {
    const response = await postForm<AddToCartResponse>(wcAjaxUrl('remove_from_cart'), {
      cart_item_key: key,
    });
    const data = response.data ?? {};
    if (data.remove_nonce) removeNonce = data.remove_nonce;
    if (response.ok && data.fragments) receiveCart(data.cart, data.cart_hash);
    return response.ok && data.fragments ? data : { ...data, error: true };
  });
}

/** The slide-out cart's answer (seed 000 §7): count and html, with the cart and a fresh nonce. */
export interface PanelResponse {
  count?: number;
  html?: string;
  cart?: StoreCart;
  cart_hash?: string;
  nonce?: string;
  code?: string;
  message?: string;
}

export type PanelEvent = 'refresh' | 'update' | 'remove' | 'coupon' | 'remove_coupon';

let panelNonce = '';

/** `refresh_cart`: reads the cart (refresh) or changes it; a coupon's code travels in `key`. */
export function refreshPanel(
  event: PanelEvent,
  key = '',
  quantity?: number,
): Promise<PanelResponse & { ok: boolean }> {
  return enqueue(async () => {
    if (event !== 'refresh' && !panelNonce) {
      // Changes carry the nonce a refresh hands out: fetch one first.
      const first = await postForm<PanelResponse>('/admin-ajax', {
        action: 'refresh_cart',
        event: 'refresh',
      });
      if (first.data?.nonce) panelNonce = first.data.nonce;
    }
    const fields: Record<string, string> = { action: 'refresh_cart', event, key };
    if (quantity !== undefined) fields.quantity = String(quantity);
    if (event !== 'refresh') fields.security = panelNonce;
    const response = await postForm<PanelResponse>('/admin-ajax', fields);
    const data = response.data ?? {};
    if (data.nonce) panelNonce = data.nonce;
    if (response.ok) receiveCart(data.cart, data.cart_hash);
    // Seed 000 §7: after each refresh the checkout refreshes too.
    if (typeof document !== 'undefined')
      document.body.dispatchEvent(new CustomEvent('update_checkout'));
    return { ...data, ok: response.ok };
  });
}

/** The shop's own JSON, not a page from something in between (a proxy's 502): its text is ours. */
function isShopAnswer(response: JsonResponse<unknown>): boolean {
  return response.headers.get('content-type')?.startsWith('application/json') === true;
}

/**
 * The slide-out flow's add (seed 000 §7): `action=add_to_cart` with the product form's fields, in
 * the one queue; the cart it answers is taken, then the panel opens on it. `beforeOpen` runs just
 * before: the form gives its button back there, so the panel returns focus to it on closing.
 */
export function addToSlideOutCart(
  fields: Record<string, string>,
  beforeOpen: () => void = () => {},
): Promise<PanelResponse & { ok: boolean }> {
  return enqueue(async () => {
    const response = await postForm<PanelResponse>('/admin-ajax', {
      ...fields,
      action: 'add_to_cart',
    });
    const data = response.data ?? {};
    if (data.nonce) panelNonce = data.nonce;
    if (!response.ok) return { ...(isShopAnswer(response) ? data : {}), ok: false };
    receiveCart(data.cart, data.cart_hash);
    beforeOpen();
    setPanelOpen(true);
    return { ...data, ok: true };
  });
}

/** Whether the slide-out cart is open; any component may open it. */
let panelOpen = false;
const panelListeners = new Set<() => void>();

export function setPanelOpen(open: boolean): void {
  panelOpen = open;
  for (const listener of panelListeners) listener();
}

export function isPanelOpen(): boolean {
  return panelOpen;
}

export function usePanelOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      panelListeners.add(listener);
      return () => panelListeners.delete(listener);
    },
    isPanelOpen,
    () => false,
  );
}
