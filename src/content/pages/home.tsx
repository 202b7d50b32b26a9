import type { PageLoaderArgs } from '../../page-context.ts';
import type { MetaFunction } from 'react-router';
import { productSummaries } from '../../catalog/summaries.ts';
import { ProductCard } from '../../catalog/ui/product-card.tsx';
import { messages } from '../../platform/messages/index.ts';

export const meta: MetaFunction = () => [
  { title: messages.shopName },
  { name: 'description', content: 'Clothes, bags and small things for the home, made to last.' },
];

export async function loader({ context }: PageLoaderArgs) {
  const { catalog } = context.shop;
  const featured = await catalog.listProducts('popularity', 4, 0);
  return { featured: await productSummaries(catalog, featured) };
}

export default function Home({ loaderData }: { loaderData: Awaited<ReturnType<typeof loader>> }) {
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-heading">
        <h1 id="hero-heading">Made to last, priced to share.</h1>
        <p>
          Heavyweight hoodies, washed-linen shirts and small things for the desk. Free stickers with
          every order.
        </p>
        <p>
          <a className="button button-primary button-large" href="/shop/">
            Browse the shop
          </a>
        </p>
      </section>
      <section aria-labelledby="popular-heading">
        <h2 id="popular-heading">Popular right now</h2>
        <ul className="products">
          {loaderData.featured.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </ul>
      </section>
    </div>
  );
}
