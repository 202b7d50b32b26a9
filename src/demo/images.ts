import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS } from '../platform/constants/index.ts';

export interface DemoImageSpec {
  file: string;
  title: string;
  /** Two colours for the background gradient. */
  colors: [string, string];
  /** A simple shape drawn in the middle, so each image is recognisable. */
  shape: 'hoodie' | 'shirt' | 'tote' | 'lamp' | 'cup' | 'stickers';
  variant: number;
  /** The original's width and height in px (ORIGINAL_SIZE unless told): a small photo is not zoomed. */
  size?: number;
}

export const ORIGINAL_SIZE = 1600;

/** Loaded only when an image is missing: a restart on a seeded shop starts without libvips. */
const loadSharp = () => import('sharp').then((module) => module.default);

const shapes: Record<DemoImageSpec['shape'], string> = {
  hoodie:
    'M560 420 L720 340 Q800 420 880 340 L1040 420 L1200 700 L1060 760 L1040 620 L1040 1260 L560 1260 L560 620 L540 760 L400 700 Z',
  shirt:
    'M580 380 L720 330 L800 420 L880 330 L1020 380 L1180 640 L1060 700 L1020 600 L1020 1250 L580 1250 L580 600 L540 700 L420 640 Z',
  tote: 'M520 640 L1080 640 L1140 1260 L460 1260 Z M640 640 Q640 380 800 380 Q960 380 960 640 L910 640 Q910 430 800 430 Q690 430 690 640 Z',
  lamp: 'M620 420 L980 420 L1080 700 L520 700 Z M780 700 L820 700 L820 1180 L780 1180 Z M600 1180 L1000 1180 L1000 1240 L600 1240 Z',
  cup: 'M560 560 L1000 560 L960 1200 L600 1200 Z M1000 660 Q1140 660 1140 820 Q1140 980 980 980 L990 920 Q1080 920 1080 820 Q1080 720 995 720 Z',
  stickers:
    'M500 500 L860 500 L860 860 L500 860 Z M760 760 m-160 0 a160 160 0 1 0 320 0 a160 160 0 1 0 -320 0 M900 900 L1140 900 L1020 1140 Z',
};

function svg(spec: DemoImageSpec): string {
  const [from, to] = spec.colors;
  const offset = spec.variant * 90;
  const size = spec.size ?? ORIGINAL_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1600 1600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1600" height="1600" fill="url(#g)"/>
  <circle cx="${300 + offset * 3}" cy="${260 + offset}" r="${120 + offset / 3}" fill="#ffffff" opacity="0.18"/>
  <g transform="rotate(${spec.variant * 8 - 8} 800 800)"><path d="${shapes[spec.shape]}" fill="#ffffff" opacity="0.92" fill-rule="evenodd"/></g>
  <text x="800" y="1460" font-family="DejaVu Sans, sans-serif" font-size="72" fill="#ffffff" text-anchor="middle" opacity="0.9">${spec.title}</text>
</svg>`;
}

/**
 * Draws a demo product photo (1600 px square unless its spec says) and derives its responsive
 * WebP sizes (every width, as the pages ask for them). Skips files already there, so restarts
 * are instant: a changed drawing needs a new file name.
 */
export async function generateDemoImage(
  mediaDir: string,
  spec: DemoImageSpec,
): Promise<{ width: number; height: number }> {
  await mkdir(mediaDir, { recursive: true });
  const original = path.join(mediaDir, `${spec.file}-original.png`);
  if (!(await exists(original))) {
    const sharp = await loadSharp();
    await writeAtomically(original, (tmp) =>
      sharp(Buffer.from(svg(spec)))
        .png({ compressionLevel: 9 })
        .toFile(tmp),
    );
  }
  for (const width of IMAGE_WIDTHS) {
    const target = path.join(mediaDir, `${spec.file}-${width}.webp`);
    if (await exists(target)) continue;
    const sharp = await loadSharp();
    await writeAtomically(target, (tmp) =>
      sharp(original).resize(width).webp({ quality: 82 }).toFile(tmp),
    );
  }
  const size = spec.size ?? ORIGINAL_SIZE;
  return { width: size, height: size };
}

function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Writes beside the target and renames, so two processes seeding at once never see half a file. */
async function writeAtomically(
  target: string,
  write: (tmp: string) => Promise<unknown>,
): Promise<void> {
  const unique = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const tmp = target.replace(/(\.\w+)$/, `.${unique}.tmp$1`);
  await write(tmp);
  await rename(tmp, target);
}
