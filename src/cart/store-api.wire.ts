import { imageSrcSet, imageUrl } from '../catalog/images.ts';
import { maxPurchaseQuantity, type Product, type ProductImage } from '../catalog/product-rules.ts';
import { moneyFormatter, type Currency } from '../platform/money/money.ts';
import type { CartTotals } from './cart-contents.ts';
import type { StoreCart, StorePrices, StoreShippingPackage } from './store-api.types.ts';

function currencyFields(currency: Currency) {
  return {
    currency_code: currency.code,
    currency_symbol: currency.symbol,
    currency_minor_unit: currency.minorUnit,
    currency_decimal_separator: currency.decimalSeparator,
    currency_thousand_separator: currency.thousandSeparator,
    currency_prefix: currency.prefix,
    currency_suffix: currency.suffix,
  };
}

function prices(product: Product, unitPrice: number, currency: Currency): StorePrices {
  return {
    price: String(unitPrice),
    regular_price: String(product.regularPrice),
    sale_price: String(product.salePrice ?? product.regularPrice),
    ...currencyFields(currency),
  };
}

export interface StoreCartInput {
  totals: CartTotals;
  images: ReadonlyMap<number, ProductImage[]>;
  /** Parent products of variations, for permalinks. */
  parents: ReadonlyMap<number, Product>;
  paymentMethods: string[];
  currency?: Currency;
}

/** The Store API's shipping packages: one package holding every item, with its rates. */
function storeShippingPackages(totals: CartTotals, currency: Currency): StoreShippingPackage[] {
  if (!totals.needsShipping || !totals.destination) return [];
  const { destination } = totals;
  return [
    {
      package_id: 0,
      name: 'Shipment 1',
      destination: {
        address_1: '',
        address_2: '',
        city: destination.city,
        state: destination.state,
        postcode: destination.postcode,
        country: destination.country,
      },
      items: totals.lines.map(({ item, product }) => ({
        key: item.key,
        name: product.name,
        quantity: item.quantity,
      })),
      shipping_rates: totals.shippingRates.map((rate) => ({
        rate_id: rate.id,
        name: rate.label,
        description: '',
        delivery_time: '',
        price: String(rate.cost),
        taxes: '0',
        instance_id: Number(rate.id.split(':')[1]),
        method_id: rate.kind,
        meta_data: [],
        selected: rate.id === totals.shippingRate?.id,
        ...currencyFields(currency),
      })),
    },
  ];
}

export function toStoreCart({
  totals,
  images,
  parents,
  paymentMethods,
  currency = moneyFormatter().currency,
}: StoreCartInput): StoreCart {
  const money = (amount: number) => String(amount);
  return {
    items: totals.lines.map(({ item, product, unitPrice, subtotal }) => {
      const parent = product.parentId === null ? product : parents.get(product.parentId);
      // A variation without images of its own shows its parent's.
      const own = images.get(product.id) ?? [];
      const productImages = own.length > 0 || !parent ? own : (images.get(parent.id) ?? []);
      return {
        key: item.key,
        id: product.id,
        type: product.type,
        quantity: item.quantity,
        quantity_limits: {
          minimum: 1,
          maximum: maxPurchaseQuantity(product),
          multiple_of: 1,
          editable: true,
        },
        name: parent?.name ?? product.name,
        short_description: product.shortDescription,
        sku: product.sku,
        permalink: `/product/${parent?.slug ?? product.slug}/`,
        images: productImages.slice(0, 1).map((image, index) => ({
          id: index,
          src: imageUrl(image, 600),
          thumbnail: imageUrl(image, 300),
          srcset: imageSrcSet(image),
          sizes: '(max-width: 600px) 100vw, 600px',
          name: image.file,
          alt: image.alt,
        })),
        variation: Object.entries(item.variation).map(([attribute, value]) => ({
          attribute,
          value,
        })),
        prices: prices(product, unitPrice, currency),
        totals: {
          line_subtotal: money(subtotal),
          line_subtotal_tax: '0',
          line_total: money(subtotal),
          line_total_tax: '0',
          currency_code: currency.code,
          currency_minor_unit: currency.minorUnit,
        },
      };
    }),
    coupons: totals.coupons.map((coupon) => ({
      code: coupon.code,
      discount_type: coupon.discountType,
      totals: {
        total_discount: money(coupon.discount),
        currency_code: currency.code,
        currency_minor_unit: currency.minorUnit,
      },
    })),
    totals: {
      total_items: money(totals.subtotal),
      total_items_tax: money(totals.tax?.itemsTax ?? 0),
      total_fees: '0',
      total_discount: money(totals.discountTotal),
      total_discount_tax: '0',
      total_shipping: totals.needsShipping ? money(totals.shippingTotal) : null,
      total_shipping_tax: totals.needsShipping ? money(totals.tax?.shippingTax ?? 0) : null,
      total_price: money(totals.total),
      total_tax: money(totals.taxTotal),
      total_refund: '0',
      tax_lines: totals.tax
        ? [
            {
              name: totals.tax.label,
              price: money(totals.tax.amount),
              rate: `${totals.tax.rate / 100}%`,
            },
          ]
        : [],
      ...currencyFields(currency),
    },
    items_count: totals.itemsCount,
    items_weight: 0,
    needs_payment: totals.total > 0,
    needs_shipping: totals.needsShipping,
    has_calculated_shipping: totals.destination !== null,
    shipping_rates: storeShippingPackages(totals, currency),
    payment_methods: paymentMethods,
    errors: [],
  };
}
