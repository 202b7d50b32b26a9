import type { PageLoaderArgs } from '../../page-context.ts';
import { useEffect, useRef, useState } from 'react';
import { Form, useLocation, useSubmit, type MetaFunction } from 'react-router';
import { RESULT_COUNT_REFRESH_MS } from '../../platform/constants/index.ts';
import { messages } from '../../platform/messages/index.ts';
import {
  pageWindow,
  parsePage,
  parseSortOrder,
  resultCountText,
  sortOrders,
  type SortOrder,
} from '../listing.ts';
import { productSummaries } from '../summaries.ts';
import { ProductCard, type ProductSummary } from '../ui/product-card.tsx';
import { useSelling } from '../ui/selling.tsx';
import productCardStyles from '../ui/product-card.css?url';
import { stylesheetLink } from '../../ui/stylesheet-link.ts';

export const links = () => [stylesheetLink(productCardStyles)];

export const meta: MetaFunction = () => [{ title: `${messages.shopTitle} – ${messages.shopName}` }];

export async function loader({ url, context }: PageLoaderArgs) {
  const orderby = parseSortOrder(url.searchParams.get('orderby'));
  const { catalog } = context.shop;
  const total = await catalog.countProducts();
  const window = pageWindow(total, parsePage(url.searchParams.get('paged')));
  const products = await catalog.listProducts(orderby, window.perPage, window.offset);
  return {
    orderby,
    window,
    total,
    resultCount: resultCountText(total, window),
    products: await productSummaries(catalog, products),
    // A visitor with a session gets the mini cart drawn on the page (works without JavaScript);
    // the page of a visitor without one stays the same for everyone, so it can be cached.
    miniCart: context.session
      ? {
          cart: (await context.shop.cart.read(context.session.id)).store,
          removeNonce: context.selling.miniCartRemoveNonce(),
        }
      : null,
  };
}

/**
 * The result count, with a live region that re-announces it 2000 ms after the listing changes
 * (seed 000 §2), so a screen reader hears the new order without being interrupted mid-change.
 */
function ResultCount({ text }: { text: string }) {
  const location = useLocation();
  const [announced, setAnnounced] = useState('');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setAnnounced('');
    const timer = window.setTimeout(() => setAnnounced(text), RESULT_COUNT_REFRESH_MS);
    return () => window.clearTimeout(timer);
  }, [location.search, text]);
  return (
    <>
      <p className="woocommerce-result-count">{text}</p>
      <p
        className="visually-hidden"
        role="status"
        aria-live="polite"
        data-testid="result-count-live"
      >
        {announced}
      </p>
    </>
  );
}

function SortForm({ orderby }: { orderby: SortOrder }) {
  const submit = useSubmit();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    // An explicit action: React Router's own would be the route's path, `/shop`, without
    // CONTRACT's trailing slash.
    <Form method="get" action="/shop/" className="woocommerce-ordering">
      <label htmlFor="orderby" className="visually-hidden">
        {messages.sortBy}
      </label>
      <select
        id="orderby"
        name="orderby"
        className="orderby"
        defaultValue={orderby}
        key={orderby}
        onChange={(event) => submit(event.currentTarget.form)}
      >
        {sortOrders.map((order) => (
          <option key={order} value={order}>
            {messages.sortOptions[order]}
          </option>
        ))}
      </select>
      <input type="hidden" name="paged" value="1" />
      {!hydrated && (
        <button type="submit" className="button button-small">
          {messages.sortSubmit}
        </button>
      )}
    </Form>
  );
}

function Pagination({
  page,
  totalPages,
  orderby,
}: {
  page: number;
  totalPages: number;
  orderby: SortOrder;
}) {
  if (totalPages <= 1) return null;
  const href = (n: number) => `/shop/?orderby=${orderby}&paged=${n}`;
  return (
    <nav className="pagination" aria-label={messages.productPagination}>
      <ul>
        {Array.from({ length: totalPages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            {n === page ? (
              <span aria-current="page" className="page-current">
                {n}
              </span>
            ) : (
              <a href={href(n)}>{n}</a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function Shop({ loaderData }: { loaderData: Awaited<ReturnType<typeof loader>> }) {
  const { MiniCartWidget } = useSelling();
  const { orderby, window, resultCount, products, miniCart } = loaderData;
  return (
    <div className="shop-page">
      <h1>{messages.shopTitle}</h1>
      <div className="shop-toolbar">
        <ResultCount text={resultCount} />
        <SortForm orderby={orderby} />
      </div>
      <ul className="products">
        {products.map((product: ProductSummary) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </ul>
      <Pagination page={window.page} totalPages={window.totalPages} orderby={orderby} />
      <MiniCartWidget initial={miniCart} />
    </div>
  );
}
