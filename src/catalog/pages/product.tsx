import type { PageActionArgs, PageLoaderArgs } from '../../page-context.ts';
import { useState } from 'react';
import { z } from 'zod';
import { formatDate } from '../../ui/dates.ts';
import { data, redirect, type MetaFunction } from 'react-router';
import { addToCart } from '../../cart/ui/browser-cart-store.ts';
import { TtlCache } from '../../platform/cache/ttl-cache.ts';
import { CATALOG_CACHE_TTL_MS, REVIEWS_PER_PAGE } from '../../platform/constants/index.ts';
import { addWithNotice } from '../../cart/add-with-notice.ts';
import { attributesByName, positiveQuantityField, productIdField } from '../../cart/schemas.ts';
import { format, messages } from '../../platform/messages/index.ts';
import { announce } from '../../ui/live-region.tsx';
import { Price } from '../../ui/price.tsx';
import { QuantityInput } from '../../ui/quantity-input.tsx';
import { parsePage } from '../listing.ts';
import { imageSrcSet, imageUrl, largeImageUrl } from '../images.ts';
import {
  attributeFieldName,
  currentPrice,
  isInStock,
  maxPurchaseQuantity,
  priceRange,
} from '../product-rules.ts';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.product.name} – ${messages.shopName}` : messages.shopName },
  { name: 'description', content: data?.product.shortDescription ?? '' },
];

/**
 * The page's catalog data is the same for every visitor, so each app server keeps it for as long
 * as cart widgets keep theirs (CATALOG_CACHE_TTL_MS): a visitor with a session, whose page is
 * rendered afresh every time, then costs no catalog queries while the product is busy. Stock is
 * checked again when the product is added to a cart and when it is ordered.
 */
const pageData = new WeakMap<
  PageLoaderArgs['context']['shop'],
  TtlCache<string, ProductPageData>
>();

export async function loader({ params, url, context }: PageLoaderArgs) {
  const slug = params.slug ?? '';
  const reviewPage = parsePage(url.searchParams.get('cpage'));
  let cache = pageData.get(context.shop);
  if (!cache) {
    cache = new TtlCache(CATALOG_CACHE_TTL_MS, 1_000);
    pageData.set(context.shop, cache);
  }
  const key = `${reviewPage} ${slug}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const loaded = await loadPageData(context.shop.catalog, slug, reviewPage);
  cache.set(key, loaded);
  return loaded;
}

async function loadPageData(
  catalog: PageLoaderArgs['context']['shop']['catalog'],
  slug: string,
  reviewPage: number,
) {
  const product = await catalog.productBySlug(slug);
  if (!product) throw data(null, { status: 404 });
  const [variations, images, reviews, category] = await Promise.all([
    product.type === 'variable' ? catalog.variationsOf(product.id) : Promise.resolve([]),
    catalog.imagesOf([product.id]),
    catalog.reviewsOf(product.id, REVIEWS_PER_PAGE, (reviewPage - 1) * REVIEWS_PER_PAGE),
    product.categoryId ? catalog.categoryById(product.categoryId) : Promise.resolve(undefined),
  ]);
  return {
    product: {
      id: product.id,
      slug: product.slug,
      name: product.name,
      type: product.type,
      sku: product.sku,
      description: product.description,
      shortDescription: product.shortDescription,
      price: currentPrice(product),
      regularPrice: product.regularPrice,
      billingPeriod: product.billingPeriod,
      inStock: isInStock(product),
      stock: product.stock,
      maxQuantity: maxPurchaseQuantity(product),
      attributeOptions: product.attributeOptions,
      weightGrams: product.weightGrams,
      dimensions: product.dimensions,
      averageRating: product.averageRating,
      ratingCount: product.ratingCount,
    },
    priceRange: priceRange(variations) ?? null,
    variations: variations.map((v) => ({
      id: v.id,
      attributes: v.attributes,
      price: currentPrice(v),
      regularPrice: v.regularPrice,
      inStock: isInStock(v),
      maxQuantity: maxPurchaseQuantity(v),
    })),
    images: images.get(product.id) ?? [],
    reviews,
    category: category ?? null,
  };
}

/** The product form's fields, parsed strictly: an id or quantity that is not a whole number is refused. */
const productForm = z.looseObject({
  'add-to-cart': productIdField.optional(),
  product_id: productIdField.optional(),
  quantity: positiveQuantityField.default(1),
  variation_id: z.union([z.enum(['', '0']).transform(() => undefined), productIdField]).optional(),
});

/** The form's fields, without the empty ones a form sends for untouched inputs. */
function formFields(form: FormData): Record<string, string> {
  return Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => entry[1] !== ''),
  );
}

/** The no-JavaScript add to cart: the product form posts here, then back to the page (or cart). */
export async function action({ request, params, context }: PageActionArgs) {
  const back = `/product/${params.slug}/`;
  const fields = formFields(await request.formData());
  const parsed = productForm.safeParse(fields);
  const productId = parsed.data?.['add-to-cart'] ?? parsed.data?.product_id;
  if (!parsed.success || productId === undefined) {
    await context.request.addNotice({ type: 'error', text: messages.invalidQuantity });
    return redirect(back, 303);
  }
  const input = {
    productId,
    quantity: parsed.data.quantity,
    variationId: parsed.data.variation_id,
    attributes: attributesByName(fields),
  };
  const changed = context.cartChanged;
  const to = await addWithNotice(context.cartOperations, context.request, input, { back, changed });
  return redirect(to, 303);
}

type ProductPageData = Awaited<ReturnType<typeof loadPageData>>;
type LoaderData = ProductPageData;

function Gallery({ images, name }: { images: LoaderData['images']; name: string }) {
  const [current, setCurrent] = useState(0);
  const main = images[current];
  if (!main) return null;
  return (
    <div className="product-gallery">
      <a
        href={largeImageUrl(main)}
        className="product-gallery-main"
        data-large_image_width={main.width}
        data-large_image_height={main.height}
      >
        <img
          src={imageUrl(main, 1200)}
          srcSet={imageSrcSet(main)}
          sizes="(max-width: 768px) 100vw, 600px"
          alt={main.alt}
          width={600}
          height={600}
          fetchPriority="high"
        />
      </a>
      {images.length > 1 && (
        <ul className="product-gallery-thumbs" aria-label={`${name} images`}>
          {images.map((image, index) => (
            <li key={image.file}>
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-pressed={index === current}
                aria-label={`Show image ${index + 1} of ${images.length}: ${image.alt}`}
              >
                <img src={imageUrl(image, 300)} alt="" width={96} height={96} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Stars({ rating, count }: { rating: number; count: number }) {
  if (count === 0) return null;
  return (
    <p className="star-rating-line">
      <span className="star-rating" role="img" aria-label={`Rated ${rating.toFixed(2)} out of 5`}>
        <span style={{ width: `${(rating / 5) * 100}%` }} />
      </span>{' '}
      <a href="#reviews">
        ({count} customer {count === 1 ? 'review' : 'reviews'})
      </a>
    </p>
  );
}

function AddToCartForm({ product, variations }: Pick<LoaderData, 'product' | 'variations'>) {
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [state, setState] = useState<'normal' | 'loading' | 'added'>('normal');
  const [error, setError] = useState<string | null>(null);
  const isVariable = product.type === 'variable';
  const variation = isVariable
    ? variations.find((v) =>
        Object.entries(v.attributes).every(([name, value]) => chosen[name] === value),
      )
    : undefined;
  const canBuy = isVariable ? variation?.inStock === true : product.inStock;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const payload: Record<string, string> = {
      product_id: String(product.id),
      quantity: String(form.get('quantity') ?? '1'),
    };
    if (variation) payload.variation_id = String(variation.id);
    for (const [name, value] of Object.entries(chosen)) payload[attributeFieldName(name)] = value;
    setState('loading');
    setError(null);
    const response = await addToCart(payload);
    if (response.error) {
      setState('normal');
      setError(response.message ?? messages.unknownError);
      return;
    }
    setState('added');
    if (response.success_message) announce(response.success_message);
  }

  return (
    <form
      className="cart"
      method="post"
      encType="application/x-www-form-urlencoded"
      onSubmit={onSubmit}
    >
      {isVariable &&
        Object.entries(product.attributeOptions).map(([name, options]) => (
          <div className="variation-field" key={name}>
            <label htmlFor={attributeFieldName(name)}>{name}</label>
            <select
              id={attributeFieldName(name)}
              name={attributeFieldName(name)}
              value={chosen[name] ?? ''}
              onChange={(event) => {
                setChosen({ ...chosen, [name]: event.target.value });
                setState('normal');
              }}
              required
            >
              <option value="">Choose an option</option>
              {options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
        ))}
      {isVariable && (
        <div className="single_variation" aria-live="polite">
          {variation ? (
            <p className="variation-price">
              <Price amount={variation.price} oldAmount={variation.regularPrice} />{' '}
              <span className={variation.inStock ? 'stock in-stock' : 'stock out-of-stock'}>
                {variation.inStock ? 'In stock' : messages.outOfStock}
              </span>
            </p>
          ) : null}
        </div>
      )}
      {canBuy || isVariable ? (
        <div className="add-to-cart-row">
          <QuantityInput name="quantity" max={variation?.maxQuantity ?? product.maxQuantity} />
          <input type="hidden" name="product_id" value={product.id} />
          {variation && <input type="hidden" name="variation_id" value={variation.id} />}
          <button
            type="submit"
            name="add-to-cart"
            value={product.id}
            className={`button button-primary single_add_to_cart_button${state === 'loading' ? ' loading' : ''}${state === 'added' ? ' added' : ''}`}
            aria-busy={state === 'loading' || undefined}
          >
            {messages.addToCart}
          </button>
          {state === 'added' && (
            <a href="/cart/" className="added_to_cart wc-forward">
              {messages.viewCart}
            </a>
          )}
        </div>
      ) : (
        <p className="stock out-of-stock">{messages.outOfStock}</p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

export default function ProductPage({ loaderData }: { loaderData: LoaderData }) {
  const { product, variations, images, reviews, priceRange: range, category } = loaderData;
  return (
    <article className="product-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <a href="/shop/">Shop</a>
        {category && (
          <>
            {' '}
            / <span>{category.name}</span>
          </>
        )}{' '}
        / <span aria-current="page">{product.name}</span>
      </nav>
      <div className="product-layout">
        <Gallery images={images} name={product.name} />
        <div className="product-summary">
          <h1 className="product_title">{product.name}</h1>
          <Stars rating={product.averageRating} count={product.ratingCount} />
          <p className="product-price">
            {range && range.min !== range.max ? (
              <Price amount={range.min} suffix={undefined} />
            ) : (
              <Price
                amount={product.price}
                oldAmount={product.regularPrice}
                suffix={product.billingPeriod ? `/ ${product.billingPeriod}` : undefined}
              />
            )}
            {range && range.min !== range.max && (
              <>
                {' '}
                – <Price amount={range.max} />
              </>
            )}
          </p>
          <p className="product-short-description">{product.shortDescription}</p>
          {product.stock !== null && product.inStock && (
            <p className="stock in-stock">{format(messages.inStock, { count: product.stock })}</p>
          )}
          <AddToCartForm product={product} variations={variations} />
          {product.sku && <p className="product-meta">SKU: {product.sku}</p>}
        </div>
      </div>
      <section
        id="tab-description"
        className="product-section"
        aria-labelledby="description-heading"
      >
        <h2 id="description-heading">Description</h2>
        <p>{product.description}</p>
      </section>
      {(product.weightGrams ||
        product.dimensions ||
        Object.keys(product.attributeOptions).length > 0) && (
        <section
          id="tab-additional_information"
          className="product-section"
          aria-labelledby="additional-heading"
        >
          <h2 id="additional-heading">Additional information</h2>
          <table className="shop-attributes">
            <tbody>
              {product.weightGrams && (
                <tr>
                  <th scope="row">Weight</th>
                  <td>{(product.weightGrams / 1000).toFixed(2)} kg</td>
                </tr>
              )}
              {product.dimensions && (
                <tr>
                  <th scope="row">Dimensions</th>
                  <td>{product.dimensions}</td>
                </tr>
              )}
              {Object.entries(product.attributeOptions).map(([name, values]) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td>{values.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <section id="reviews" className="product-section" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">Reviews ({product.ratingCount})</h2>
        {reviews.length === 0 ? (
          <p>There are no reviews yet.</p>
        ) : (
          <ol className="commentlist">
            {reviews.map((review) => (
              <li key={review.id} id={`comment-${review.id}`} className="review">
                <p className="review-meta">
                  <span
                    className="star-rating"
                    role="img"
                    aria-label={`Rated ${review.rating} out of 5`}
                  >
                    <span style={{ width: `${(review.rating / 5) * 100}%` }} />
                  </span>{' '}
                  <strong>{review.author}</strong>
                  {review.verified && <em className="verified"> (verified owner)</em>} –{' '}
                  <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                </p>
                <p>{review.content}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}
