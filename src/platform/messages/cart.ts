/**
 * The cart's texts: the add-to-cart buttons, the slide-out cart and the cart page.
 */
export const cartMessages = {
  // Cart (seed 000 and WooCommerce's own wording)
  addToCart: 'Add to cart',
  addToCartLabel: 'Add to cart: “{name}”',
  viewCart: 'View cart',
  selectOptions: 'Select options',
  selectOptionsLabel: 'Select options for “{name}”',
  addedToCart: '“{name}” has been added to your cart.',
  removedFromCart: '“{name}” removed.',
  removeItemQuestion: 'Remove “{name}” from your cart?',
  yes: 'Yes',
  cancel: 'Cancel',
  cartUpdated: 'Cart updated.',
  cartEmpty: 'Your cart is currently empty.',
  returnToShop: 'Return to shop',
  proceedToCheckout: 'Proceed to checkout',
  couponCode: 'Coupon code',
  applyCoupon: 'Apply coupon',
  shippingAtCheckout: 'Shipping and taxes are worked out at checkout.',
  policyAgreement: 'I have read and agree to the website terms and conditions',
  cartLoading: 'Loading your cart…',
  removeItemLabel: 'Remove {name} from cart',
  // The slide-out cart's own controls (CONTRACT §5)
  closePanel: 'Close',
  decreaseQuantity: 'Decrease quantity',
  increaseQuantity: 'Increase quantity',
  removePanelItem: 'Remove {name}',
  // The product form's variation choice (WooCommerce's wording)
  chooseAnOption: 'Choose an option',
  variationInStock: 'In stock',
  // The cart page (WooCommerce's cart template)
  cartTableCaption: 'Items in your cart',
  columnRemove: 'Remove item',
  columnThumbnail: 'Thumbnail image',
  columnPrice: 'Price',
  quantityOf: 'Quantity of {name}',
  updateCart: 'Update cart',
  cartTotalsHeading: 'Cart totals',
  couponTotalLabel: 'Coupon: {code}',
  // The mini cart and its count
  miniCartHeading: 'Your cart',
  miniCartSubtotal: 'Subtotal:',
  itemCount: '{count} item',
  itemCountPlural: '{count} items',
  chooseVariation: 'Please choose product options by visiting {name}.',
  outOfStock: 'Out of stock',
  inStock: '{count} in stock',
  notEnoughStock:
    'You cannot add that amount of “{name}” to the cart because there is not enough stock ({count} remaining).',
  notEnoughStockAtCheckout:
    'Sorry, we do not have enough “{name}” in stock to fulfill your order ({count} available). We apologize for any inconvenience caused.',
  productNotFound: 'Sorry, this product cannot be purchased.',
  cartItemNotFound: 'Cart item no longer exists.',
  invalidQuantity: 'Please enter a valid quantity.',
  quantityTooLarge: 'The maximum quantity of “{name}” is {max}.',
} as const;
