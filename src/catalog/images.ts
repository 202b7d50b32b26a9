import { IMAGE_WIDTHS } from '../platform/constants/index.ts';
import type { ProductImage } from './product-rules.ts';

/** URL of one generated size of a product image (WebP, made by sharp from the original). */
export function imageUrl(
  image: Pick<ProductImage, 'file'>,
  width: (typeof IMAGE_WIDTHS)[number],
): string {
  return `/media/${image.file}-${width}.webp`;
}

export function imageSrcSet(image: Pick<ProductImage, 'file' | 'width'>): string {
  return IMAGE_WIDTHS.filter((w) => w <= image.width)
    .map((w) => `${imageUrl(image, w)} ${w}w`)
    .join(', ');
}

/** The original, full-size image: what zoom and the full-screen viewer show. */
export function largeImageUrl(image: Pick<ProductImage, 'file'>): string {
  return imageUrl(image, 1600);
}
