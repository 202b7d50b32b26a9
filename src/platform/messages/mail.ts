/**
 * The shop's mails (issue 11), in WooCommerce's own wording where it has one (its e-mail
 * templates); `{shop}` is the shop's name.
 */
export const mailMessages = {
  mail: {
    footer: 'This message was sent by {shop}.',
    greeting: 'Hi {name},',
    greetingNoName: 'Hello,',
    thanks: 'Thanks for shopping with us.',

    orderReceivedSubject: 'Your {shop} order has been received!',
    orderReceivedHeading: 'Thank you for your order',
    processingIntro:
      'Just to let you know — we’ve received your order #{number}, and it is now being processed:',
    onHoldIntro:
      'Thanks for your order. It’s on-hold until we confirm that payment has been received. In the meantime, here’s a reminder of what you ordered:',
    newOrderSubject: '[{shop}]: New order #{number}',
    newOrderHeading: 'New Order: #{number}',
    newOrderIntro: 'You’ve received the following order from {name}:',
    failedOrderSubject: '[{shop}]: Order #{number} has failed',
    failedOrderHeading: 'Order Failed: #{number}',
    failedOrderIntro:
      'Payment for order #{number} from {name} has failed. The order was as follows:',

    orderTitle: 'Order #{number} ({date})',
    product: 'Product',
    quantity: 'Quantity',
    price: 'Price',
    subtotal: 'Subtotal:',
    discount: 'Discount:',
    shipping: 'Shipping:',
    shippingVia: '{amount} via {method}',
    tax: 'Tax:',
    paymentMethod: 'Payment method:',
    total: 'Total:',
    note: 'Note:',
    billingAddress: 'Billing address',
    shippingAddress: 'Shipping address',

    passwordResetSubject: 'Password Reset Request for {shop}',
    passwordResetHeading: 'Password Reset Request',
    passwordResetIntro: 'Someone has requested a new password for the following account on {shop}:',
    passwordResetAccount: 'Account: {email}',
    passwordResetIgnore:
      'If you didn’t make this request, just ignore this email. If you’d like to proceed:',
    passwordResetLink: 'Click here to reset your password',
    passwordResetThanks: 'Thanks for reading.',

    accountCreatedSubject: 'Your {shop} account has been created!',
    accountCreatedHeading: 'Welcome to {shop}',
    accountCreatedIntro: 'Thanks for creating an account on {shop}. Your username is {username}.',
    accountCreatedArea:
      'You can access your account area to view orders, change your password, and more at:',
    accountCreatedLink: 'My account',
    accountCreatedOutro: 'We look forward to seeing you soon.',

    outboxTitle: 'Outbox',
    outboxIntro:
      'Without SMTP settings the shop writes its mail to {dir}. This page exists in development only.',
    outboxEmpty: 'No mail has been written yet.',
    outboxDate: 'Written',
    outboxDateUtc: '{date} UTC',
    outboxFrom: 'From',
    outboxTo: 'To',
    outboxSubject: 'Subject',
    outboxPlainText: 'Plain text',
    outboxFile: 'File',
    outboxBack: 'Back to the outbox',
  },
} as const;
