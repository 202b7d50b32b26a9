import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { cartMessages } from '../../platform/messages/cart.ts';
import { shopMessages } from '../../platform/messages/shop.ts';
import { format } from '../../platform/messages/format.ts';
import { messages } from '../../platform/messages/index.ts';
import { useFormatMoney } from '../../ui/money.tsx';
import { BlockingOverlay } from '../../ui/overlay.tsx';
import { minor, type StoreCart, type StoreCartItem } from '../store-api.types.ts';
import {
  refreshPanel,
  setPanelOpen,
  useCart,
  usePanelOpen,
  type PanelEvent,
} from './browser-cart-store.ts';

/** What the panel's controls do; absent when the body is rendered to static markup (`html`). */
export interface PanelControls {
  /** Sends the change; true when the shop took it. */
  change(event: PanelEvent, key?: string, quantity?: number): Promise<boolean>;
  confirmRemove(item: StoreCartItem): void;
  busy: boolean;
  couponError: string | null;
}

/** Clamps a typed quantity to the input's limits (seed 000 §5), step 1. */
export function clampQuantity(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

function QuantityControl({
  item,
  controls,
}: {
  item: StoreCartItem;
  controls: PanelControls | undefined;
}) {
  const id = useId();
  const { minimum: min, maximum: max } = item.quantity_limits;
  const [typed, setTyped] = useState(String(item.quantity));
  useEffect(() => setTyped(String(item.quantity)), [item.quantity]);
  const commit = (value: number) => {
    const quantity = clampQuantity(value, min, max);
    setTyped(String(quantity));
    if (quantity !== item.quantity) void controls?.change('update', item.key, quantity);
  };
  return (
    <div className="quantity-control">
      <button
        type="button"
        className="qty-button"
        aria-label={cartMessages.decreaseQuantity}
        disabled={item.quantity <= min || controls?.busy}
        onClick={() => commit(item.quantity - 1)}
      >
        −
      </button>
      <label className="visually-hidden" htmlFor={id}>
        {shopMessages.quantity}
      </label>
      <input
        id={id}
        className="qty"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={() => commit(Number(typed))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(Number(typed));
        }}
      />
      <button
        type="button"
        className="qty-button"
        aria-label={cartMessages.increaseQuantity}
        disabled={item.quantity >= max || controls?.busy}
        onClick={() => commit(item.quantity + 1)}
      >
        +
      </button>
    </div>
  );
}

function CouponForm({ controls }: { controls: PanelControls | undefined }) {
  const [code, setCode] = useState('');
  const id = useId();
  return (
    <form
      className="panel-coupon"
      onSubmit={(event) => {
        event.preventDefault();
        // Applied: the field empties, as the cart page's does.
        if (code.trim())
          void controls?.change('coupon', code.trim()).then((ok) => ok && setCode(''));
      }}
    >
      <label htmlFor={id}>{cartMessages.couponCode}</label>
      <div className="panel-coupon-row">
        <input
          id={id}
          className="input-text"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-describedby={controls?.couponError ? `${id}-error` : undefined}
          autoComplete="off"
        />
        <button type="submit" className="button" disabled={code.trim() === '' || controls?.busy}>
          {cartMessages.applyCoupon}
        </button>
      </div>
      {controls?.couponError && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {controls.couponError}
        </p>
      )}
    </form>
  );
}

function CheckoutWithPolicy() {
  const [agreed, setAgreed] = useState(false);
  const id = useId();
  return (
    <div className="panel-checkout">
      <p className="panel-policy">
        <input
          id={id}
          type="checkbox"
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <label htmlFor={id}>{cartMessages.policyAgreement}</label>
      </p>
      {/* Seed 000 §4: disabled, its link neutralised, until the policy box is ticked. */}
      <a
        className="button button-primary checkout-button"
        href={agreed ? '/checkout/' : undefined}
        aria-disabled={!agreed}
        role="link"
        onClick={(event) => !agreed && event.preventDefault()}
      >
        {cartMessages.proceedToCheckout}
      </a>
    </div>
  );
}

/** The panel's contents; also rendered to static markup as the `html` of the calls. */
export function SlideOutCartBody({
  cart,
  controls,
}: {
  cart: StoreCart;
  controls?: PanelControls;
}) {
  const formatMoney = useFormatMoney();
  if (cart.items.length === 0) return <p className="cart-empty">{cartMessages.cartEmpty}</p>;
  return (
    <div className="slide-out-cart-body">
      <ul className="panel-items">
        {cart.items.map((item) => (
          <li key={item.key} className="panel-item">
            {item.images[0] ? (
              <img src={item.images[0].thumbnail} alt="" width={64} height={64} loading="lazy" />
            ) : (
              <span className="panel-item-placeholder" aria-hidden="true" />
            )}
            <div className="panel-item-main">
              <a href={item.permalink} className="panel-item-name">
                {item.name}
                {item.variation.length > 0 && ` – ${item.variation.map((v) => v.value).join(', ')}`}
              </a>
              <span className="panel-item-price">
                {formatMoney(minor(item.totals.line_subtotal))}
              </span>
              <QuantityControl item={item} controls={controls} />
            </div>
            <button
              type="button"
              className="panel-remove"
              aria-label={format(cartMessages.removePanelItem, { name: item.name })}
              onClick={() => controls?.confirmRemove(item)}
              disabled={controls?.busy}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <CouponForm controls={controls} />
      <PanelTotals cart={cart} controls={controls} />
      <p className="panel-note">{cartMessages.shippingAtCheckout}</p>
      <CheckoutWithPolicy />
    </div>
  );
}

/**
 * What the items cost; shipping and tax belong to the checkout. With coupons, as on the cart page:
 * the subtotal, each coupon's line with its discount and a `[Remove]`, then what is left to pay.
 */
function PanelTotals({ cart, controls }: { cart: StoreCart; controls?: PanelControls }) {
  const formatMoney = useFormatMoney();
  const items = minor(cart.totals.total_items);
  const afterDiscount = items - minor(cart.totals.total_discount);
  if (cart.coupons.length === 0)
    return (
      <p className="panel-total">
        <span>{shopMessages.subtotal}</span> <strong>{formatMoney(items)}</strong>
      </p>
    );
  return (
    <>
      <p className="panel-line">
        <span>{shopMessages.subtotal}</span> <span>{formatMoney(items)}</span>
      </p>
      {cart.coupons.map((coupon) => (
        <p key={coupon.code} className="panel-line cart-discount">
          <span>{format(messages.couponTotalLabel, { code: coupon.code })}</span>{' '}
          <span>
            -{formatMoney(minor(coupon.totals.total_discount))}{' '}
            <button
              type="button"
              className="link-button woocommerce-remove-coupon"
              data-coupon={coupon.code}
              aria-label={format(messages.removeCouponLabel, { code: coupon.code })}
              disabled={controls?.busy}
              onClick={() => void controls?.change('remove_coupon', coupon.code)}
            >
              {messages.removeCoupon}
            </button>
          </span>
        </p>
      ))}
      <p className="panel-total">
        <span>{shopMessages.total}</span> <strong>{formatMoney(afterDiscount)}</strong>
      </p>
    </>
  );
}

/**
 * React Aria hides everything outside an open modal from assistive technology but leaves
 * `aria-modal` off its dialog; the attribute tells them the dialog is modal too.
 */
function markModal(element: HTMLElement | null): void {
  element?.setAttribute('aria-modal', 'true');
}

/**
 * Seed 000 §4: removing asks first. A modal alert dialog over the dimmed page and panel: focus
 * stays inside it, Escape and Cancel keep the item. Focus starts on Cancel, the answer that
 * changes nothing (WAI-ARIA's advice for confirmations).
 */
function RemoveConfirm({
  item,
  onAnswer,
  onGone,
}: {
  item: StoreCartItem | null;
  onAnswer: (yes: boolean) => void;
  /** The popup has left the page (after fading out). */
  onGone: () => void;
}) {
  // The question keeps its item's name while the popup fades out.
  const [asked, setAsked] = useState(item);
  const overlay = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) onGone();
    },
    [onGone],
  );
  if (item && item !== asked) setAsked(item);
  return (
    <ModalOverlay
      ref={overlay}
      className="confirm-overlay"
      isOpen={item !== null}
      onOpenChange={(open) => !open && onAnswer(false)}
    >
      <Modal className="confirm-modal">
        <Dialog role="alertdialog" className="confirm-dialog" ref={markModal}>
          <Heading slot="title" className="confirm-question">
            {format(cartMessages.removeItemQuestion, { name: asked?.name ?? '' })}
          </Heading>
          <div className="confirm-buttons">
            <Button className="button button-primary" onPress={() => onAnswer(true)}>
              {cartMessages.yes}
            </Button>
            <Button className="button" onPress={() => onAnswer(false)} autoFocus>
              {cartMessages.cancel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * The slide-out cart (seed 000 §2, §4, §5, §7): a dialog named `Cart`, opened by the header's cart
 * button, closed by its close button, Escape or a click on the overlay; refreshed on page load
 * and on every change, with a loading state while a call runs.
 */
export function SlideOutCart() {
  const open = usePanelOpen();
  const { cart } = useCart();
  const [busy, setBusy] = useState(false);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<StoreCartItem | null>(null);
  const dialog = useRef<HTMLElement>(null);
  const dialogRef = useCallback((element: HTMLElement | null) => {
    dialog.current = element;
    markModal(element);
  }, []);

  // A removed item takes its focused Remove button with it: focus goes back to the panel.
  const keepFocusInPanel = useCallback(() => {
    if (open && document.activeElement === document.body) dialog.current?.focus();
  }, [open]);
  useEffect(keepFocusInPanel, [keepFocusInPanel, cart]);
  // The popup gives focus back to its Remove button as it goes (a frame later); when the item
  // was removed while it faded out, that button is gone and focus would fall to the page.
  const afterConfirmGone = useCallback(
    () => requestAnimationFrame(() => requestAnimationFrame(keepFocusInPanel)),
    [keepFocusInPanel],
  );

  // Seed 000 §7: refreshed whenever the panel opens (on page load: SlideOutCartWhenOpened).
  useEffect(() => {
    if (open) void refreshPanel('refresh');
  }, [open]);

  async function change(event: PanelEvent, key = '', quantity?: number) {
    setBusy(true);
    setCouponError(null);
    const answer = await refreshPanel(event, key, quantity);
    setBusy(false);
    if (!answer.ok && (event === 'coupon' || event === 'remove_coupon'))
      setCouponError(answer.message ?? shopMessages.unknownError);
    return answer.ok;
  }

  const controls: PanelControls = {
    change,
    confirmRemove: setRemoving,
    busy,
    couponError,
  };

  return (
    <ModalOverlay
      className="slide-out-overlay"
      isOpen={open}
      onOpenChange={setPanelOpen}
      isDismissable
    >
      <Modal className="slide-out-cart" inert={removing !== null || undefined}>
        <Dialog aria-label={shopMessages.cartTitle} className="slide-out-dialog" ref={dialogRef}>
          <div className="slide-out-header">
            <Heading slot="title" className="slide-out-title">
              {shopMessages.cartTitle}
            </Heading>
            <Button className="slide-out-close" onPress={() => setPanelOpen(false)}>
              {cartMessages.closePanel}
            </Button>
          </div>
          <div
            className={`slide-out-content${busy ? ' loading' : ''}`}
            aria-busy={busy || undefined}
          >
            {cart ? (
              <SlideOutCartBody cart={cart} controls={controls} />
            ) : (
              <p>{cartMessages.cartLoading}</p>
            )}
            <BlockingOverlay active={busy} />
          </div>
          <RemoveConfirm
            item={removing}
            onAnswer={(yes) => {
              const item = removing;
              setRemoving(null);
              if (yes && item) void change('remove', item.key);
            }}
            onGone={afterConfirmGone}
          />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
