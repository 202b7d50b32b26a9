import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  MOBILE_SLIDER_BELOW_PX,
  SLIDER_BREAKPOINTS,
  SLIDER_DEFAULT_SLIDES,
} from '../../platform/constants/index.ts';
import { slidesShown } from './slider.tsx';

const css = readFileSync(fileURLToPath(new URL('./slider.css', import.meta.url)), 'utf8');

describe('slider breakpoints (seed 000 §9), read as "at most this wide"', () => {
  it('shows 4 slides, 3 up to 1200 px, 2 up to 1023 px, 1 up to 700 px', () => {
    expect([1300, 1201, 1200, 1100, 1024, 1023, 800, 701, 700, 600].map(slidesShown)).toEqual([
      4, 4, 3, 3, 3, 2, 2, 2, 1, 1,
    ]);
  });

  it('has slider.css lay out what the constants say', () => {
    expect(css).toContain(`--slides: ${SLIDER_DEFAULT_SLIDES};`);
    for (const { maxWidth, slides } of SLIDER_BREAKPOINTS) {
      expect(css).toMatch(
        new RegExp(
          `@media \\(max-width: ${maxWidth}px\\) \\{\\s*\\.slider-multi \\{\\s*--slides: ${slides};`,
        ),
      );
    }
    expect(css).toContain(`@media (min-width: ${MOBILE_SLIDER_BELOW_PX}px)`);
  });
});
