import { useCallback, useEffect, useRef, useState } from 'react';
import { GALLERY_CAROUSEL } from '../../platform/constants/index.ts';
import { catalogMessages } from '../../platform/messages/catalog.ts';
import { format } from '../../platform/messages/format.ts';
import { imageSrcSet, imageUrl, largeImageUrl } from '../images.ts';
import type { SingleProductParams } from '../product-page-settings.ts';
import type { ProductImage } from '../product-rules.ts';
import { useIdleCarousel } from '../../ui/idle-carousel.ts';
import { carouselDots } from './carousel-dots.ts';
import { useHoverZoom } from './hover-zoom.ts';
import { openPhotoViewer, type ViewerSlide } from './photo-viewer.ts';

type GalleryParams = Pick<
  SingleProductParams,
  | 'flexslider_enabled'
  | 'zoom_enabled'
  | 'photoswipe_enabled'
  | 'zoom_options'
  | 'photoswipe_options'
>;

/** Seed 000 §3: what zoom and the viewer show of an image (its large_image attributes). */
function largeImage(image: ProductImage): ViewerSlide {
  return {
    src: largeImageUrl(image),
    width: image.width,
    height: image.height,
    alt: image.alt,
    caption: image.caption,
  };
}

/** Clicks that come sooner than the debounce after the last one are ignored (seed 000 §9). */
function useClickDebounce(ms: number) {
  const last = useRef(0);
  return useCallback(
    (action: () => void) => {
      const now = performance.now();
      if (now - last.current < ms) return;
      last.current = now;
      action();
    },
    [ms],
  );
}

interface SlideProps {
  image: ProductImage;
  index: number;
  count: number;
  current: boolean;
  /** Seed 000 §9's preload: this slide is within reach of the current one, so its image loads. */
  near: boolean;
  params: GalleryParams;
  onOpen(index: number, link: HTMLAnchorElement): void;
}

function Slide({ image, index, count, current, near, params, onOpen }: SlideProps) {
  const link = useRef<HTMLAnchorElement>(null);
  const large = largeImage(image);
  useHoverZoom(link, large, params.zoom_options, params.zoom_enabled && current);
  const height = Math.round((600 * image.height) / image.width);
  return (
    <div
      className="woocommerce-product-gallery__image gallery-slide"
      role="group"
      aria-roledescription="slide"
      aria-label={format(catalogMessages.gallerySlide, { index: index + 1, count })}
      inert={!current}
      data-thumb={imageUrl(image, 300)}
    >
      <a
        ref={link}
        href={large.src}
        className="gallery-image-link"
        data-large_image={large.src}
        data-large_image_width={large.width}
        data-large_image_height={large.height}
        data-caption={large.caption}
        aria-label={
          params.photoswipe_enabled
            ? format(catalogMessages.galleryOpenViewer, { alt: image.alt })
            : undefined
        }
        onClick={(event) => {
          if (!params.photoswipe_enabled) return;
          event.preventDefault();
          onOpen(index, event.currentTarget);
        }}
      >
        <img
          src={imageUrl(image, 1200)}
          srcSet={imageSrcSet(image)}
          sizes="(min-width: 700px) 600px, 100vw"
          alt={image.alt}
          width={600}
          height={height}
          loading={index === 0 || near ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'low'}
          decoding={index === 0 ? 'sync' : 'async'}
          data-caption={image.caption}
          data-large_image={large.src}
          data-large_image_width={large.width}
          data-large_image_height={large.height}
        />
      </a>
    </div>
  );
}

function Dots({
  count,
  current,
  onGo,
}: {
  count: number;
  current: number;
  onGo(index: number): void;
}) {
  const dots = carouselDots(count, current);
  if (dots.length === 0) return null;
  return (
    <div
      className={`gallery-dots${count >= GALLERY_CAROUSEL.dynamicDotsFrom ? ' is-dynamic' : ''}`}
    >
      {dots.map((dot) => (
        <button
          key={dot.index}
          type="button"
          className="gallery-dot"
          style={dot.scale === 1 ? undefined : { transform: `scale(${dot.scale})` }}
          aria-label={format(catalogMessages.gallerySlide, { index: dot.index + 1, count })}
          aria-current={dot.index === current || undefined}
          onClick={() => onGo(dot.index)}
        />
      ))}
    </div>
  );
}

/**
 * The product's pictures (seed 000 §2–§4, §9): an Embla carousel of the gallery images (swipe,
 * arrow keys, Previous and Next, dots on small screens, thumbnails on wider ones), hover zoom
 * where the large image is wider than its box, and the full-screen viewer on click, fetched when
 * first opened. The shop's `flexslider_enabled`, `zoom_enabled` and `photoswipe_enabled` turn
 * each off. Without JavaScript the first picture shows and each thumbnail links to its image.
 */
export function ProductGallery({
  images,
  name,
  params,
}: {
  images: ProductImage[];
  name: string;
  params: GalleryParams;
}) {
  const slider = params.flexslider_enabled && images.length > 1;
  const [viewport, embla, withCarousel] = useIdleCarousel({
    align: 'start',
    containScroll: 'trimSnaps',
    watchDrag: slider,
    duration: 22,
  });
  const [current, setCurrent] = useState(0);
  const [state, setState] = useState<'init' | 'ready'>('init');
  const [viewerError, setViewerError] = useState<string | null>(null);
  const [viewerState, setViewerState] = useState<string | null>(null);
  const debounced = useClickDebounce(GALLERY_CAROUSEL.clickDebounceMs);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => {
      const next = embla.selectedScrollSnap();
      setCurrent(next);
      // Focus stays in the carousel: on the picture now shown, not an inert one.
      const focused = document.activeElement;
      if (focused && viewport.current?.contains(focused)) {
        const link = viewport.current.querySelectorAll<HTMLElement>('.gallery-image-link')[next];
        requestAnimationFrame(() => link?.focus());
      }
    };
    embla.on('select', onSelect).on('reInit', onSelect);
    setState('ready');
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla, viewport]);

  const go = (index: number) =>
    debounced(() => withCarousel((carousel) => carousel.scrollTo(index)));
  const slides = images.map(largeImage);
  const open = (index: number) => {
    setViewerError(null);
    void openPhotoViewer(slides, index, params.photoswipe_options, {
      onState: setViewerState,
    }).then(setViewerError);
  };

  if (images.length === 0) return null;
  return (
    <section
      className={`woocommerce-product-gallery${slider ? ' has-slider' : ''}`}
      aria-roledescription="carousel"
      aria-label={format(catalogMessages.galleryLabel, { name })}
      data-carousel-state={state}
      data-viewer-state={viewerState ?? undefined}
      onKeyDown={(event) => {
        if (!slider || event.defaultPrevented) return;
        if (event.key === 'ArrowLeft') go(Math.max(0, current - 1));
        else if (event.key === 'ArrowRight') go(Math.min(images.length - 1, current + 1));
        else return;
        event.preventDefault();
      }}
    >
      <div className="flex-viewport gallery-viewport" ref={viewport}>
        <div className="woocommerce-product-gallery__wrapper gallery-track" aria-live="polite">
          {(slider ? images : images.slice(0, 1)).map((image, index) => (
            <Slide
              key={image.file}
              image={image}
              index={index}
              count={images.length}
              current={index === current}
              near={Math.abs(index - current) <= GALLERY_CAROUSEL.preload}
              params={params}
              onOpen={open}
            />
          ))}
        </div>
        {slider && (
          <>
            <button
              type="button"
              className="gallery-arrow gallery-arrow-prev"
              onClick={() => go(current - 1)}
              disabled={current === 0}
            >
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">{catalogMessages.galleryPrevious}</span>
            </button>
            <button
              type="button"
              className="gallery-arrow gallery-arrow-next"
              onClick={() => go(current + 1)}
              disabled={current === images.length - 1}
            >
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">{catalogMessages.galleryNext}</span>
            </button>
          </>
        )}
      </div>
      {slider && <Dots count={images.length} current={current} onGo={go} />}
      {images.length > 1 && (
        <ol className="flex-control-nav flex-control-thumbs gallery-thumbs">
          {images.map((image, index) => (
            <li key={image.file}>
              <a
                href={largeImageUrl(image)}
                className="gallery-thumb"
                aria-current={index === current || undefined}
                aria-label={format(catalogMessages.galleryThumbnail, {
                  index: index + 1,
                  count: images.length,
                  alt: image.alt,
                })}
                onClick={(event) => {
                  event.preventDefault();
                  if (slider) go(index);
                  else if (params.photoswipe_enabled) open(index);
                  else window.location.assign(largeImageUrl(image));
                }}
              >
                <img src={imageUrl(image, 300)} alt="" width={96} height={96} loading="lazy" />
              </a>
            </li>
          ))}
        </ol>
      )}
      {viewerError && (
        <p className="field-error gallery-error" role="alert">
          {viewerError}
        </p>
      )}
    </section>
  );
}
