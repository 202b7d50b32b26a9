import type { PageLoaderArgs } from '../../page-context.ts';
import { startTransition, useEffect, useId, useState } from 'react';
import { data, type MetaFunction } from 'react-router';
import { format, messages } from '../../platform/messages/index.ts';
import { Price } from '../../ui/price.tsx';
import { SectionTabs, type SectionTabsClasses } from '../../ui/section-tabs.tsx';
import { fragmentId } from '../../ui/url-fragment.ts';
import {
  BUY_NOW_TARGET,
  buyNowFormFields,
  buyNowPayload,
  categoryVariants,
  type CategoryVariant,
} from '../category-variants.ts';
import { imageSrcSet, imageUrl } from '../images.ts';
import { useSelling } from '../ui/selling.tsx';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.category.name} – ${messages.shopName}` : messages.shopName },
  { name: 'description', content: data?.category.description ?? '' },
];

export async function loader({ params, context }: PageLoaderArgs) {
  const { catalog } = context.shop;
  const category = await catalog.categoryBySlug(params.slug ?? '');
  if (!category) throw data(null, { status: 404 });
  const products = await catalog.productsInCategory(category.id);
  const [variations, images] = await Promise.all([
    Promise.all(
      products.map((p) =>
        p.type === 'variable' ? catalog.variationsOf(p.id) : Promise.resolve([]),
      ),
    ),
    catalog.imagesOf(products.map((p) => p.id)),
  ]);
  return {
    category: { slug: category.slug, name: category.name, description: category.description },
    products: products.map((product, index) => ({
      id: product.id,
      slug: product.slug,
      name: product.name,
      shortDescription: product.shortDescription,
      image: images.get(product.id)?.[0] ?? null,
      variants: categoryVariants(product, variations[index] ?? []),
    })),
  };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;
type CategoryProduct = LoaderData['products'][number];

/** Where a product's section is, without JavaScript: `#product-{slug}`. */
const sectionId = (product: Pick<CategoryProduct, 'slug'>) => `product-${product.slug}`;

/**
 * Seed 000 §7: with JavaScript, the add goes through the cart store's one queue and the browser
 * then goes to the checkout (or to the product page the error answer names). Without it, the same
 * form GETs `/checkout/?add-to-cart={id}`, which adds and lands on the checkout.
 */
function BuyNow({ variant, describedBy }: { variant: CategoryVariant; describedBy: string }) {
  const { addToCart } = useSelling();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // Coming back from the checkout through the back/forward cache: the button is usable again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const response = await addToCart(buyNowPayload(variant));
      if (!response.error) {
        window.location.href = BUY_NOW_TARGET;
        return;
      }
      if (response.product_url) {
        window.location.href = response.product_url;
        return;
      }
      setError(response.message ?? messages.unknownError);
    } catch {
      setError(messages.unknownError);
    }
    setBusy(false);
  }

  return (
    <form method="get" action={BUY_NOW_TARGET} className="buy-now" onSubmit={onSubmit}>
      {Object.entries(buyNowFormFields(variant)).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className={`button button-primary buy-now-button${busy ? ' loading' : ''}`}
        aria-busy={busy || undefined}
        aria-describedby={describedBy}
      >
        {messages.buyNow}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function VariantRow({ variant, titleId }: { variant: CategoryVariant; titleId: string }) {
  const nameId = useId();
  return (
    <li className="category-variant">
      <span className="category-variant-name" id={nameId}>
        {variant.name}
      </span>
      <span className="category-variant-price">
        <Price
          amount={variant.price}
          oldAmount={variant.oldPrice}
          suffix={variant.billingPeriod ? `/ ${variant.billingPeriod}` : undefined}
        />
        {variant.discount > 0 && (
          <span className="category-variant-discount">
            <span className="visually-hidden">{messages.discount}: </span>
            {format(messages.discountPercent, { percent: variant.discount })}
          </span>
        )}
      </span>
      {variant.inStock ? (
        // The button's name stays `Buy now` (CONTRACT §5); which one it buys is its description.
        <BuyNow
          variant={variant}
          describedBy={variant.variationId === null ? nameId : `${titleId} ${nameId}`}
        />
      ) : (
        <span className="stock out-of-stock">{messages.outOfStock}</span>
      )}
    </li>
  );
}

/** One product's content: the same in a tab panel and in its plain section before hydration. */
function ProductContent({ product, first }: { product: CategoryProduct; first: boolean }) {
  const titleId = useId();
  return (
    <div className="category-product">
      {product.image && (
        <img
          className="category-product-image"
          src={imageUrl(product.image, 300)}
          srcSet={imageSrcSet(product.image)}
          sizes="(min-width: 700px) 12rem, 5rem"
          alt=""
          width={300}
          height={300}
          loading={first ? 'eager' : 'lazy'}
          decoding="async"
        />
      )}
      <div className="category-product-summary">
        <h2 className="category-product-title" id={titleId}>
          <a href={`/product/${product.slug}/`}>{product.name}</a>
        </h2>
        {product.shortDescription && (
          <p className="category-product-description">{product.shortDescription}</p>
        )}
      </div>
      {product.variants.length > 0 ? (
        <ul className="category-variants">
          {product.variants.map((variant) => (
            <VariantRow key={variant.id} variant={variant} titleId={titleId} />
          ))}
        </ul>
      ) : (
        <p className="stock out-of-stock category-variants">{messages.outOfStock}</p>
      )}
    </div>
  );
}

const tabClasses: SectionTabsClasses = {
  root: 'category-tabs',
  list: 'category-tablist',
  tab: 'category-tab',
  panel: 'category-panel',
};

/**
 * One tab per product once hydrated (arrow keys move between them); before, and without
 * JavaScript, every product in its own section after a list of links to them, nothing hidden.
 * The tab opened on hydration is the one whose section the URL points at (a link followed before
 * hydration), otherwise the first.
 */
function CategoryTabs({ label, products }: { label: string; products: CategoryProduct[] }) {
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => {
    const hash = fragmentId(window.location.hash);
    const linked = products.find((product) => sectionId(product) === hash);
    // A transition: the sections become tabs in slices of work, not one long task.
    startTransition(() => setSelected((linked ?? products[0])?.slug ?? null));
  }, [products]);
  return (
    <SectionTabs
      label={label}
      sections={products.map((product, index) => ({
        key: product.slug,
        title: product.name,
        anchorId: sectionId(product),
        content: <ProductContent product={product} first={index === 0} />,
      }))}
      selected={selected}
      onSelect={setSelected}
      classes={tabClasses}
    />
  );
}

export default function CategoryPage({ loaderData }: { loaderData: LoaderData }) {
  const { category, products } = loaderData;
  const label = format(messages.categoryProducts, { category: category.name });

  return (
    <div className="category-page">
      <nav aria-label={messages.breadcrumb} className="breadcrumb">
        <a href="/shop/">{messages.shopTitle}</a> / <span aria-current="page">{category.name}</span>
      </nav>
      <h1>{category.name}</h1>
      {category.description && <p className="category-description">{category.description}</p>}
      {products.length === 0 ? (
        <p className="notice">{messages.noProductsFound}</p>
      ) : (
        <CategoryTabs key={category.slug} label={label} products={products} />
      )}
    </div>
  );
}
