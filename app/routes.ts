import { index, route, type RouteConfig } from '@react-router/dev/routes';

/** The page table (CONTRACT §1): each page lives in its business folder. */
export default [
  index('../src/content/pages/home.tsx'),
  route('shop', '../src/catalog/pages/shop.tsx'),
  route('product/:slug', '../src/catalog/pages/product.tsx'),
  route('product-category/:slug', '../src/catalog/pages/category.tsx'),
  route('cart', '../src/cart/pages/cart.tsx'),
  route('checkout', '../src/checkout/pages/checkout.tsx'),
  route('checkout/order-received/:orderId', '../src/checkout/pages/order-received.tsx'),
  route('checkout/order-pay/:orderId', '../src/checkout/pages/order-pay.tsx'),
  route('my-account/customer-logout', '../src/accounts/pages/customer-logout.tsx'),
  route('faq', '../src/content/pages/faq.tsx'),
  // Development only (404 in production): the mail written to the outbox folder without SMTP.
  route('dev/outbox/:name?', '../src/platform/mail/pages/outbox.tsx'),
  route('forms/:formId', '../src/forms/pages/form.tsx'),
  route('my-account/lost-password', '../src/accounts/pages/lost-password.tsx'),
  route('my-account/confirm-email', '../src/accounts/pages/confirm-email.tsx'),
  route('my-account', '../src/accounts/pages/my-account.tsx', [
    index('../src/accounts/pages/dashboard.tsx'),
    route('orders/:page?', '../src/checkout/pages/account-orders.tsx'),
    route('view-order/:orderId', '../src/checkout/pages/account-view-order.tsx'),
    route('edit-address', '../src/accounts/pages/addresses.tsx'),
    route('edit-address/:kind', '../src/accounts/pages/edit-address.tsx'),
    route('payment-methods', '../src/accounts/pages/payment-methods.tsx'),
    route('edit-account', '../src/accounts/pages/account-details.tsx'),
  ]),
  route('*', '../src/content/pages/not-found.tsx'),
] satisfies RouteConfig;
