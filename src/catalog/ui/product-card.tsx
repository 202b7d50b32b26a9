import { format, messages } from '../../platform/messages/index.ts';
import { Price } from '../../ui/price.tsx';
import { imageSrcSet, imageUrl } from '../images.ts';
import type { ProductImage } from '../product-rules.ts';
import { useSelling } from './selling.tsx';
import { StarRating, ratingCountText } from './star-rating.tsx';

/** What a listing needs of a product: plain data, safe to send to the browser. */
export interface ProductSummary {
  id: number;
  slug: string;
  name: string;
  type: string;
  price: number;
  regularPrice: number;
  priceIsFrom: boolean;
  billingPeriod: string | null;
  inStock: boolean;
  image: ProductImage | null;
  averageRating: number;
  ratingCount: number;
}

export function ProductCard({ product }: { product: ProductSummary }) {
  const { AddToCartButton } = useSelling();
  const href = `/product/${product.slug}/`;
  return (
    <li className="product-card">
      <a href={href} className="product-card-link">
        {product.image && (
          <img
            src={imageUrl(product.image, 600)}
            srcSet={imageSrcSet(product.image)}
            sizes="(max-width: 600px) 50vw, 300px"
            alt={product.image.alt}
            width={600}
            height={600}
            loading="lazy"
            decoding="async"
          />
        )}
        <h2 className="product-card-title">{product.name}</h2>
      </a>
      {product.ratingCount > 0 && (
        <p className="product-card-rating">
          <StarRating rating={product.averageRating} />{' '}
          <span aria-hidden="true">({product.ratingCount})</span>
          <span className="visually-hidden">{ratingCountText(product.ratingCount)}</span>
        </p>
      )}
      <p className="product-card-price">
        {product.priceIsFrom && <span className="price-from">{messages.priceFrom}</span>}
        <Price
          amount={product.price}
          oldAmount={product.regularPrice}
          suffix={product.billingPeriod ? `/ ${product.billingPeriod}` : undefined}
        />
      </p>
      {product.type === 'variable' ? (
        <a
          href={href}
          className="button"
          aria-label={format(messages.selectOptionsLabel, { name: product.name })}
        >
          {messages.selectOptions}
        </a>
      ) : product.inStock ? (
        <AddToCartButton productId={product.id} productName={product.name} />
      ) : (
        <span className="stock out-of-stock">{messages.outOfStock}</span>
      )}
    </li>
  );
}
