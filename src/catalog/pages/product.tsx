import type { PageActionArgs, PageLoaderArgs } from '../../page-context.ts';
import { data, redirect, type MetaFunction } from 'react-router';
import { TtlCache } from '../../platform/cache/ttl-cache.ts';
import { formFields } from '../../platform/http/form-fields.ts';
import { CATALOG_CACHE_TTL_MS } from '../../platform/constants/index.ts';
import { cartMessages } from '../../platform/messages/cart.ts';
import { catalogMessages } from '../../platform/messages/catalog.ts';
import { shopMessages } from '../../platform/messages/shop.ts';
import { format } from '../../platform/messages/format.ts';
import { recordId } from '../../platform/http/validation.ts';
import { Price } from '../../ui/price.tsx';
import { parsePage } from '../listing.ts';
import { REVIEW_NONCE } from '../nonces.ts';
import type { CatalogOperationDeps } from '../operations.ts';
import { singleProductParams } from '../product-page-settings.ts';
import { currentPrice, isInStock, maxPurchaseQuantity, priceRange } from '../product-rules.ts';
import { isModerationHash, reviewWindow, type Review } from '../reviews.ts';
import { ProductGallery } from '../ui/product-gallery.tsx';
import { ProductReviews } from '../ui/product-reviews.tsx';
import { ProductTabs, type ProductTab } from '../ui/product-tabs.tsx';
import { useSelling } from '../ui/selling.tsx';
import { StarRating, ratingCountText } from '../ui/star-rating.tsx';
import productPageStyles from '../ui/product-page.css?url';
import { reviewDoor, type ReviewRefusal } from './review-door.ts';
import { stylesheetLink } from '../../ui/stylesheet-link.ts';

export const links = () => [stylesheetLink(productPageStyles)];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.product.name} – ${shopMessages.shopName}` : shopMessages.shopName },
  { name: 'description', content: data?.product.shortDescription ?? '' },
];

type Shop = PageLoaderArgs['context']['shop'];
type Catalog = Shop['catalog'];

/**
 * The page's catalog data and review pages are the same for every visitor, so each app server
 * keeps them as long as cart widgets keep theirs (CATALOG_CACHE_TTL_MS): a visitor with a
 * session, whose page is rendered afresh every time, then costs no catalog queries while the
 * product is busy. A review posted here forgets them at once; stock is checked again on add.
 */
const caches = new WeakMap<
  Shop,
  { products: TtlCache<string, ProductData>; reviews: TtlCache<string, Review[]> }
>();

function cachesOf(shop: Shop) {
  let found = caches.get(shop);
  if (!found) {
    found = {
      products: new TtlCache(CATALOG_CACHE_TTL_MS, 1_000),
      reviews: new TtlCache(CATALOG_CACHE_TTL_MS, 1_000),
    };
    caches.set(shop, found);
  }
  return found;
}

async function remembered<T>(cache: TtlCache<string, T>, key: string, load: () => Promise<T>) {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const loaded = await load();
  cache.set(key, loaded);
  return loaded;
}

async function loadProductData(catalog: Catalog, slug: string) {
  const product = await catalog.productBySlug(slug);
  if (!product) throw data(null, { status: 404 });
  const [variations, images, category] = await Promise.all([
    product.type === 'variable' ? catalog.variationsOf(product.id) : Promise.resolve([]),
    catalog.imagesOf([product.id]),
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
      reviewCount: product.reviewCount,
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
    category: category ?? null,
  };
}
type ProductData = Awaited<ReturnType<typeof loadProductData>>;

/** The author's own held review, when the URL carries its moderation link (`?unapproved=`). */
async function heldReview(ops: CatalogOperationDeps, productId: number, url: URL) {
  const id = recordId.safeParse(url.searchParams.get('unapproved') ?? '');
  const hash = url.searchParams.get('moderation-hash') ?? '';
  if (!id.success || hash === '') return null;
  const review = await ops.reviews.held(productId, id.data);
  if (!review || !isModerationHash(ops.secret, review.id, review.email, hash)) return null;
  const { email: _email, ...shown } = review;
  return shown;
}

export async function loader({ params, url, context }: PageLoaderArgs) {
  const { shop, session } = context;
  const ops = shop.catalogOperations;
  const cache = cachesOf(shop);
  const slug = params.slug ?? '';
  const [settings, loaded] = await Promise.all([
    ops.productPageSettings(),
    remembered(cache.products, slug, () => loadProductData(shop.catalog, slug)),
  ]);
  const { product } = loaded;
  const window = reviewWindow(
    product.reviewCount,
    parsePage(url.searchParams.get('cpage')),
    settings.reviewsPerPage,
  );
  const customerId = session?.customerId ?? null;
  const [items, held, customer, bought] = await Promise.all([
    remembered(cache.reviews, `${product.id} ${window.page} ${window.limit}`, () =>
      ops.reviews.approved(product.id, window.limit, window.offset),
    ),
    heldReview(ops, product.id, url),
    customerId === null ? undefined : shop.accounts.customers.findById(customerId),
    settings.verifiedOwnersOnly && customerId !== null
      ? ops.reviews.customerBought(customerId, product.id)
      : false,
  ]);
  return {
    ...loaded,
    params: singleProductParams(settings),
    reviews: {
      items,
      page: window.page,
      totalPages: window.totalPages,
      total: product.reviewCount,
      held,
      showVerifiedLabel: settings.verifiedOwnerLabel,
    },
    reviewForm: {
      nonce: context.nonce(REVIEW_NONCE),
      loggedInAs: customer?.email ?? null,
      /** Where only buyers may review, everyone else is told so instead of shown the form. */
      open: !settings.verifiedOwnersOnly || bought,
    },
  };
}

/** The form's fields, without the empty ones a form sends for untouched inputs. */
const filled = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));

/** The no-JavaScript add to cart: the product form posts here, then back to the page (or cart). */
async function addToCartDoor({ params, context }: PageActionArgs, fields: Record<string, string>) {
  const to = await context.selling.addFromProductForm(fields, `/product/${params.slug}/`);
  return redirect(to, 303);
}

/** The page's two forms: the review form (it sends `comment_post_ID`) and the product form. */
export async function action(args: PageActionArgs) {
  const fields = await formFields(args.request);
  if (!('comment_post_ID' in fields)) return addToCartDoor(args, filled(fields));
  const answer = await reviewDoor(args.context, fields);
  if (answer instanceof Response) caches.delete(args.context.shop);
  return answer;
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

function AdditionalInformation({ product }: { product: LoaderData['product'] }) {
  return (
    <>
      <h2>{catalogMessages.tabAdditionalInformation}</h2>
      <table className="woocommerce-product-attributes shop-attributes">
        <tbody>
          {product.weightGrams !== null && (
            <tr>
              <th scope="row">{catalogMessages.weight}</th>
              <td>
                {format(catalogMessages.weightInKg, {
                  weight: (product.weightGrams / 1000).toFixed(2),
                })}
              </td>
            </tr>
          )}
          {product.dimensions && (
            <tr>
              <th scope="row">{catalogMessages.dimensions}</th>
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
    </>
  );
}

function hasAdditionalInformation(product: LoaderData['product']): boolean {
  return (
    product.weightGrams !== null ||
    Boolean(product.dimensions) ||
    Object.keys(product.attributeOptions).length > 0
  );
}

export default function ProductPage({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: { review?: ReviewRefusal };
}) {
  const { AddToCartForm } = useSelling();
  const { product, variations, images, reviews, priceRange: range, category, params } = loaderData;
  const refusal = actionData?.review ?? null;
  const path = `/product/${product.slug}/`;
  const tabs: ProductTab[] = [
    ...(product.description
      ? [
          {
            id: 'description' as const,
            title: catalogMessages.tabDescription,
            content: (
              <>
                <h2>{catalogMessages.tabDescription}</h2>
                <p>{product.description}</p>
              </>
            ),
          },
        ]
      : []),
    ...(hasAdditionalInformation(product)
      ? [
          {
            id: 'additional_information' as const,
            title: catalogMessages.tabAdditionalInformation,
            content: <AdditionalInformation product={product} />,
          },
        ]
      : []),
    {
      id: 'reviews',
      title: format(catalogMessages.tabReviews, { count: product.reviewCount }),
      content: (
        <ProductReviews
          productName={product.name}
          path={path}
          reviews={reviews}
          form={{
            formKey: `${reviews.total} ${reviews.held?.id ?? ''} ${refusal ? refusal.nonce + refusal.message : ''}`,
            productId: product.id,
            nonce: refusal?.nonce ?? loaderData.reviewForm.nonce,
            loggedInAs: loaderData.reviewForm.loggedInAs,
            open: loaderData.reviewForm.open,
            params,
            refusal,
          }}
        />
      ),
    },
  ];
  return (
    <article className={`product-page product type-${product.type}`}>
      <nav aria-label={shopMessages.breadcrumb} className="breadcrumb">
        <a href="/shop/">{shopMessages.shopTitle}</a>
        {category && (
          <>
            {' '}
            / <span>{category.name}</span>
          </>
        )}{' '}
        / <span aria-current="page">{product.name}</span>
      </nav>
      <div className="product-layout">
        <ProductGallery images={images} name={product.name} params={params} />
        <div className="product-summary summary entry-summary">
          <h1 className="product_title">{product.name}</h1>
          {product.ratingCount > 0 && (
            <div className="product-rating-line woocommerce-product-rating">
              <StarRating rating={product.averageRating} />
              <a href="#reviews" className="woocommerce-review-link" rel="nofollow">
                {ratingCountText(product.reviewCount)}
              </a>
            </div>
          )}
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
            <p className="stock in-stock">
              {format(cartMessages.inStock, { count: product.stock })}
            </p>
          )}
          <AddToCartForm product={product} variations={variations} />
          {product.sku && (
            <p className="product-meta">{format(catalogMessages.sku, { sku: product.sku })}</p>
          )}
        </div>
      </div>
      <ProductTabs tabs={tabs} />
    </article>
  );
}
