import {
  OVERLAY_FADE_IN_MS,
  OVERLAY_FADE_OUT_MS,
  OVERLAY_OPACITY,
  OVERLAY_Z_INDEX,
} from '../platform/constants/index.ts';

/**
 * The one blocking overlay (seed 000 §9): fades in over 200 ms and out over 400 ms, white at
 * opacity 0.6, above everything at z-index 1000. Rendered inside the element it blocks, or over
 * the whole page when `fullPage` is set.
 */
export function BlockingOverlay({
  active,
  fullPage = false,
}: {
  active: boolean;
  fullPage?: boolean;
}) {
  return (
    <div
      className="blockUI blockOverlay"
      aria-hidden="true"
      style={{
        position: fullPage ? 'fixed' : 'absolute',
        inset: 0,
        background: '#fff',
        zIndex: OVERLAY_Z_INDEX,
        opacity: active ? OVERLAY_OPACITY : 0,
        pointerEvents: active ? 'auto' : 'none',
        cursor: active ? 'wait' : undefined,
        transition: `opacity ${active ? OVERLAY_FADE_IN_MS : OVERLAY_FADE_OUT_MS}ms ease`,
      }}
    />
  );
}
