import type { PageLoaderArgs } from '../../page-context.ts';
import type { MetaFunction } from 'react-router';
import { imageSrcSet, imageUrl } from '../../catalog/images.ts';
import { AddToCartButton } from '../../cart/ui/add-to-cart-button.tsx';
import { cartMessages } from '../../platform/messages/cart.ts';
import { catalogMessages } from '../../platform/messages/catalog.ts';
import { contentMessages } from '../../platform/messages/content.ts';
import { shopMessages } from '../../platform/messages/shop.ts';
import { format } from '../../platform/messages/format.ts';
import { formatDate } from '../../ui/dates.ts';
import { Price } from '../../ui/price.tsx';
import type { ContentBlock, HomeReview } from '../content.ts';
import { homeContent, type Seller } from '../operations.ts';
import { CopyLink } from '../ui/copy-link.tsx';
import { DescriptionHint } from '../ui/description-hint.tsx';
import { ReadMore } from '../ui/read-more.tsx';
import { Slider } from '../ui/slider.tsx';
import sliderStylesheet from '../ui/slider.css?url';
import homeStylesheet from './home.css?url';
import { stylesheetLink } from '../../ui/stylesheet-link.ts';

export const links = () => [stylesheetLink(sliderStylesheet), stylesheetLink(homeStylesheet)];

export const meta: MetaFunction = () => [
  { title: shopMessages.shopName },
  { name: 'description', content: contentMessages.homeDescription },
];

/** Everything the sliders show, and nothing per visitor: the page stays micro-cacheable. */
export async function loader({ context }: PageLoaderArgs) {
  return homeContent(context.shop.content);
}

type HomeData = Awaited<ReturnType<typeof loader>>;

/**
 * `first`: the first seller's picture is in the first screen of a phone, the page's largest
 * paint: fetched early and first, where the others wait until they are scrolled to.
 */
function SellerSlide({ product, first }: { product: Seller; first: boolean }) {
  const href = `/product/${product.slug}/`;
  return (
    <article className="home-card seller-card">
      <a href={href} className="seller-card-link">
        {product.image && (
          <img
            src={imageUrl(product.image, 600)}
            srcSet={imageSrcSet(product.image)}
            sizes="(max-width: 700px) 90vw, (max-width: 1023px) 45vw, 300px"
            // The link is named by the heading beside the picture; an alt would say it twice.
            alt=""
            width={600}
            height={600}
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
            decoding="async"
          />
        )}
        <h3 className="home-card-title">{product.name}</h3>
      </a>
      <p className="seller-card-price">
        {product.priceIsFrom && <span className="price-from">{shopMessages.priceFrom}</span>}
        <Price
          amount={product.price}
          oldAmount={product.regularPrice}
          suffix={product.billingPeriod ? `/ ${product.billingPeriod}` : undefined}
        />
      </p>
      <DescriptionHint name={product.name} text={product.shortDescription} />
      <div className="seller-card-actions">
        {product.type === 'variable' ? (
          <a
            href={href}
            className="button"
            aria-label={format(cartMessages.selectOptionsLabel, { name: product.name })}
          >
            {cartMessages.selectOptions}
          </a>
        ) : product.inStock ? (
          <AddToCartButton productId={product.id} productName={product.name} />
        ) : (
          <span className="stock out-of-stock">{cartMessages.outOfStock}</span>
        )}
      </div>
    </article>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <p className="review-stars">
      <span aria-hidden="true">{'★'.repeat(rating) + '☆'.repeat(Math.max(0, 5 - rating))}</span>
      <span className="visually-hidden">{format(catalogMessages.ratedOutOf, { rating })}</span>
    </p>
  );
}

function ReviewSlide({ review }: { review: HomeReview }) {
  return (
    <figure className="home-card review-card">
      <Stars rating={review.rating} />
      <blockquote className="review-card-text">
        <p>{review.content}</p>
      </blockquote>
      <figcaption>
        <strong>{review.author}</strong>
        {review.verified && (
          <span className="review-card-verified"> ({catalogMessages.verifiedOwner})</span>
        )}
        <br />
        <a href={`/product/${review.productSlug}/#reviews`}>
          {format(contentMessages.reviewOf, { product: review.productName })}
        </a>
      </figcaption>
    </figure>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2);
}

function BlockSlide({
  block,
  kind,
}: {
  block: ContentBlock;
  kind: 'why' | 'spread' | 'team' | 'news';
}) {
  return (
    <article className={`home-card block-card block-${kind}`}>
      {kind === 'team' && (
        <span className="team-avatar" aria-hidden="true">
          {initials(block.title)}
        </span>
      )}
      {kind === 'news' && block.publishedOn && (
        <p className="block-card-kicker">
          <time dateTime={block.publishedOn}>{formatDate(block.publishedOn)}</time>
          {block.subtitle && ` · ${block.subtitle}`}
        </p>
      )}
      <h3 className="home-card-title">{block.title}</h3>
      {kind !== 'news' && block.subtitle && <p className="block-card-subtitle">{block.subtitle}</p>}
      <p>{block.body}</p>
    </article>
  );
}

function BlockSection({
  id,
  title,
  blocks,
  kind,
  children,
}: {
  id: string;
  title: string;
  blocks: ContentBlock[];
  kind: 'why' | 'spread' | 'team' | 'news';
  children?: React.ReactNode;
}) {
  if (blocks.length === 0) return null;
  return (
    <section className="home-section">
      <h2 id={id}>{title}</h2>
      {children}
      <Slider kind="mobile" label={title}>
        {blocks.map((block) => (
          <BlockSlide key={block.id} block={block} kind={kind} />
        ))}
      </Slider>
    </section>
  );
}

export default function Home({ loaderData }: { loaderData: HomeData }) {
  const { sellers, reviews, blocks } = loaderData;
  const story = blocks.story[0];
  return (
    <div className="home">
      <section className="hero">
        <h1 id="hero-heading">{contentMessages.homeTitle}</h1>
        <p>{contentMessages.homeLead}</p>
        <p>
          <a className="button button-primary button-large" href="/shop/">
            {contentMessages.homeBrowse}
          </a>
        </p>
      </section>

      <section className="home-section">
        <h2 id="sellers-heading">{contentMessages.homeSellers}</h2>
        <Slider kind="multi" label={contentMessages.homeSellers} className="sellers-slider">
          {sellers.map((product, index) => (
            <SellerSlide key={product.id} product={product} first={index === 0} />
          ))}
        </Slider>
      </section>

      <section className="home-section">
        <h2 id="reviews-heading">{contentMessages.homeReviews}</h2>
        {reviews.length > 0 ? (
          <Slider kind="multi" label={contentMessages.homeReviews} className="reviews-slider">
            {reviews.map((review) => (
              <ReviewSlide key={review.id} review={review} />
            ))}
          </Slider>
        ) : (
          <p>{contentMessages.homeNoReviews}</p>
        )}
      </section>

      <BlockSection
        id="why-heading"
        title={contentMessages.homeWhy}
        blocks={blocks.why}
        kind="why"
      />

      {story && (
        <section className="home-section home-story">
          <h2 id="story-heading">{story.title}</h2>
          <ReadMore
            lead={<p>{story.subtitle}</p>}
            more={story.body.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          />
        </section>
      )}

      <BlockSection
        id="spread-heading"
        title={contentMessages.homeSpread}
        blocks={blocks.spread}
        kind="spread"
      >
        <CopyLink />
      </BlockSection>
      <BlockSection
        id="team-heading"
        title={contentMessages.homeTeam}
        blocks={blocks.team}
        kind="team"
      />
      <BlockSection
        id="news-heading"
        title={contentMessages.homeNews}
        blocks={blocks.news}
        kind="news"
      />
    </div>
  );
}
