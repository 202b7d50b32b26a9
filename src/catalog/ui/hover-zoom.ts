import { useEffect, type RefObject } from 'react';
import type { ZoomOptions } from '../product-page-settings.ts';

export interface ZoomImage {
  src: string;
  width: number;
  height: number;
}

/** Whether zoom starts (seed 000 §4): only when the large image is wider than its container. */
export function zoomApplies(image: Pick<ZoomImage, 'width'>, containerWidth: number): boolean {
  return image.width > containerWidth;
}

/** Where the zoomed image sits so the point under the pointer stays under it. */
export function zoomOffset(
  pointer: { x: number; y: number },
  box: { width: number; height: number },
  zoomed: { width: number; height: number },
): { left: number; top: number } {
  const fraction = (value: number, size: number) => Math.min(1, Math.max(0, value / size));
  return {
    left: -fraction(pointer.x, box.width) * Math.max(0, zoomed.width - box.width),
    top: -fraction(pointer.y, box.height) * Math.max(0, zoomed.height - box.height),
  };
}

/**
 * Hover zoom (WooCommerce's `zoom_enabled`, jQuery Zoom's behaviour): with a mouse over the
 * container, its large image at natural size (times `magnify`) follows the pointer, faded in
 * and out over `duration`. Nothing happens when the large image is not wider than the container.
 * The zoomed copy is decoration (`aria-hidden`); the picture's alt text stays on the image.
 */
export function useHoverZoom(
  container: RefObject<HTMLElement | null>,
  image: ZoomImage,
  options: ZoomOptions,
  enabled: boolean,
): void {
  const { src, width, height } = image;
  const { duration, magnify } = options;
  useEffect(() => {
    const box = container.current;
    if (!enabled || !box) return;
    let zoomed: HTMLImageElement | null = null;
    let removal: number | undefined;
    const size = { width: width * magnify, height: height * magnify };

    const place = (event: PointerEvent) => {
      if (!zoomed) return;
      const rect = box.getBoundingClientRect();
      const offset = zoomOffset(
        { x: event.clientX - rect.left, y: event.clientY - rect.top },
        rect,
        size,
      );
      zoomed.style.transform = `translate(${offset.left}px, ${offset.top}px)`;
    };
    const start = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      if (!zoomApplies({ width }, box.clientWidth)) return;
      window.clearTimeout(removal);
      if (!zoomed) {
        zoomed = document.createElement('img');
        zoomed.className = 'zoomImg';
        zoomed.alt = '';
        zoomed.setAttribute('aria-hidden', 'true');
        zoomed.setAttribute('role', 'presentation');
        zoomed.src = src;
        zoomed.width = size.width;
        zoomed.height = size.height;
        zoomed.style.transitionDuration = `${duration}ms`;
        box.append(zoomed);
      }
      place(event);
      box.dataset.zoomed = 'true';
      requestAnimationFrame(() => zoomed?.classList.add('is-visible'));
    };
    const stop = () => {
      if (!zoomed) return;
      const leaving = zoomed;
      leaving.classList.remove('is-visible');
      delete box.dataset.zoomed;
      removal = window.setTimeout(() => {
        leaving.remove();
        if (zoomed === leaving) zoomed = null;
      }, duration);
    };
    box.addEventListener('pointerenter', start);
    box.addEventListener('pointermove', place);
    box.addEventListener('pointerleave', stop);
    return () => {
      box.removeEventListener('pointerenter', start);
      box.removeEventListener('pointermove', place);
      box.removeEventListener('pointerleave', stop);
      window.clearTimeout(removal);
      zoomed?.remove();
      delete box.dataset.zoomed;
    };
  }, [container, src, width, height, duration, magnify, enabled]);
}
