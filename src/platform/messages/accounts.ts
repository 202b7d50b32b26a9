/**
 * Texts of customer accounts (issue 11): the log-in, register and lost-password forms and
 * dialogs, the mailed links' pages and my-account. WooCommerce's wording where it has one.
 */
export const accountMessages = {
  // The dialogs
  register: 'Register',
  lostYourPassword: 'Lost your password?',
  close: 'Close',
  emailAddress: 'Email address',
  newCustomer: 'New here?',
  createAccountInstead: 'Create an account',
  alreadyRegistered: 'Already have an account?',
  rememberedPassword: 'Remembered it?',
  logInInstead: 'Log in',
  redirectRefused: 'Sorry, this form can only send you on to a page of this shop.',

  // Registration
  registerIntro: 'Create an account to check out faster and see your orders.',
  registerEmailSent:
    'Thanks! We have sent an email to {email}. Follow the link in it to finish setting up your account.',
  registerPrivacy:
    'Your personal data will be used to support your experience throughout this website, to manage access to your account, and for other purposes described in our privacy policy.',
  registerThrottled: 'Too many attempts. Please try again in {minutes} minutes.',
  passwordStrength: 'Password strength: {label}',
  passwordStrengthLabels: ['Very weak', 'Weak', 'Medium', 'Strong', 'Very strong'],
  passwordTooWeak: 'Please enter a stronger password.',
  passwordHint: 'Use a few words that do not belong together, or a long mix of characters.',
  passwordWarnings: {
    straightRow: 'Straight rows of keys on your keyboard are easy to guess.',
    keyPattern: 'Short keyboard patterns are easy to guess.',
    simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
    extendedRepeat: 'Repeated character patterns like "abcabcabc" are easy to guess.',
    sequences: 'Common character sequences like "abc" are easy to guess.',
    recentYears: 'Recent years are easy to guess.',
    dates: 'Dates are easy to guess.',
    topTen: 'This is a heavily used password.',
    topHundred: 'This is a frequently used password.',
    common: 'This is a commonly used password.',
    similarToCommon: 'This is similar to a commonly used password.',
    wordByItself: 'Single words are easy to guess.',
    namesByThemselves: 'Single names or surnames are easy to guess.',
    commonNames: 'Common names and surnames are easy to guess.',
    userInputs: 'Your password should not contain your email address or the shop’s name.',
    pwned: 'Your password was exposed by a data breach on the Internet.',
  },
  passwordSuggestions: {
    l33t: "Avoid predictable letter substitutions like '@' for 'a'.",
    reverseWords: 'Avoid reversed spellings of common words.',
    allUppercase: 'Capitalize some, but not all letters.',
    capitalization: 'Capitalize more than the first letter.',
    dates: 'Avoid dates and years that are associated with you.',
    recentYears: 'Avoid recent years.',
    associatedYears: 'Avoid years that are associated with you.',
    sequences: 'Avoid common character sequences.',
    repeated: 'Avoid repeated words and characters.',
    longerKeyboardPattern:
      'Use longer keyboard patterns and change typing direction multiple times.',
    anotherWord: 'Add more words that are less common.',
    useWords: 'Use multiple words, but avoid common phrases.',
    noNeed: 'You can create strong passwords without using symbols, numbers, or uppercase letters.',
    pwned: 'If you use this password elsewhere, you should change it.',
  },

  // Confirming an address (a new account, a changed email)
  confirmEmailTitle: 'Confirm your email address',
  confirmRegistrationIntro:
    'Confirm {email} to finish creating your account. You will be logged in straight away.',
  confirmEmailChangeIntro: 'Confirm {email} as the new email address of your account.',
  confirmEmail: 'Confirm email address',
  confirmLinkInvalid:
    'This link is invalid or has expired, or it has been used already. Links in our emails work once.',
  accountCreated: 'Your account has been created. Welcome!',
  emailChanged: 'Your email address is now {email}.',

  // Lost password (WooCommerce's wording)
  lostPasswordIntro:
    'Lost your password? Please enter your username or email address. You will receive a link to create a new password via email.',
  resetPassword: 'Reset password',
  enterUsernameOrEmail: 'Enter a username or email address.',
  lostPasswordSent:
    'If that address has an account, we have sent it a link to reset your password. It can take a few minutes to arrive, and the link works for one hour.',
  lostPasswordThrottled: 'Too many password reset requests. Please try again in {minutes} minutes.',
  resetIntro: 'Enter a new password below.',
  newPassword: 'New password',
  reenterNewPassword: 'Re-enter new password',
  save: 'Save',
  passwordsDoNotMatch: 'Passwords do not match.',
  resetLinkInvalid:
    'This password reset link is invalid, has expired or has been used already. Please request a new one below.',
  passwordResetDone: 'Your password has been reset. You are now logged in.',

  // my-account (CONTRACT §5)
  myAccount: 'My account',
  dashboard: 'Dashboard',
  orders: 'Orders',
  addresses: 'Addresses',
  paymentMethods: 'Payment methods',
  accountDetails: 'Account details',
  accountNavigation: 'Account pages',
  dashboardHello: 'Hello {name} (not {name}? {logout})',
  dashboardIntro:
    'From your account dashboard you can view your {orders}, manage your {addresses}, and {details}.',
  dashboardOrders: 'recent orders',
  dashboardAddresses: 'shipping and billing addresses',
  dashboardDetails: 'edit your password and account details',
  logInToContinue: 'Please log in to see this page.',
  // Orders (an order table's headings are shop.ts's: the cart and checkout show them too)
  order: 'Order',
  date: 'Date',
  status: 'Status',
  actions: 'Actions',
  view: 'View',
  pay: 'Pay',
  viewOrder: 'View order {id}',
  payOrder: 'Pay for order {id}',
  orderNumber: 'Order #{id}',
  orderTotalFor: '{total} for {count} item',
  orderTotalForMany: '{total} for {count} items',
  noOrders: 'No order has been made yet.',
  browseProducts: 'Browse products',
  ordersPages: 'Order pages',
  newerOrders: 'Previous',
  olderOrders: 'Next',
  orderPlacedOn: 'Order #{id} was placed on {date} and is currently {status}.',
  orderNote: 'Note',
  orderNeedsPayment: 'This order is waiting for payment.',
  orderPaymentFailed: 'The payment for this order failed. You can pay for it again.',
  // Addresses
  addressesIntro: 'The following addresses will be used on the checkout page by default.',
  shippingAddress: 'Shipping address',
  editAddress: 'Edit {address}',
  addAddress: 'Add {address}',
  noAddressYet: 'You have not set up this type of address yet.',
  saveAddress: 'Save address',
  addressChanged: 'Address changed successfully.',
  // Payment methods
  noSavedMethods: 'No saved methods found.',
  savedMethodsLater: 'Cards you save when you pay will be listed here.',
  // Account details
  firstName: 'First name',
  lastName: 'Last name',
  displayName: 'Display name',
  displayNameHint:
    'This will be how your name will be displayed in the account section and in reviews',
  passwordChange: 'Password change',
  currentPassword: 'Current password (leave blank to leave unchanged)',
  newPasswordOptional: 'New password (leave blank to leave unchanged)',
  confirmNewPassword: 'Confirm new password',
  saveChanges: 'Save changes',
  accountDetailsChanged: 'Account details changed successfully.',
  currentPasswordWrong: 'Your current password is incorrect.',
  fillAllPasswordFields: 'Please fill out all password fields.',
  enterCurrentPasswordForEmail: 'Please enter your current password to change your email address.',
  newPasswordSameAsCurrent: 'Please choose a new password that differs from your current one.',
  emailChangeSent:
    'We have sent a link to {email}. Your email address changes once you follow it; until then it stays {current}.',
  displayNameNotEmail: 'Display name cannot be changed to email address due to privacy concern.',
  // The mails of accounts' links (the reset and welcome mails are in mail.ts)
  accountMail: {
    confirmSubject: 'Confirm your email address for {shop}',
    confirmHeading: 'Confirm your email address',
    confirmIntro:
      'Someone asked for an account on {shop} with {email}. Follow the link to confirm the address and finish creating your account; it works once, within a day.',
    confirmLink: 'Confirm my email address',
    existsSubject: 'Your {shop} account',
    existsHeading: 'You already have an account',
    existsIntro:
      'Someone asked for a new account on {shop} with {email}, which already has one. You can log in with it:',
    existsLink: 'Log in',
    existsOutro: 'If you have forgotten your password, you can set a new one at {url}.',
    changeSubject: 'Confirm your new email address for {shop}',
    changeHeading: 'Confirm your new email address',
    changeIntro:
      'Someone asked to make {email} the email address of an account on {shop}. Follow the link to confirm it; it works once.',
    changeLink: 'Confirm my new email address',
    ignoreIfNotYou: 'If you didn’t make this request, just ignore this email.',
  },
} as const;
