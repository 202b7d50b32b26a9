/**
 * The checkout's login form and account creation (WooCommerce's wording; CONTRACT §5).
 */
export const checkoutAccountMessages = {
  returningCustomer: 'Returning customer?',
  clickHereToLogin: 'Click here to login',
  checkoutLoginIntro:
    'If you have shopped with us before, please enter your details below. If you are a new customer, please proceed to the Billing section.',
  usernameOrEmail: 'Username or email',
  password: 'Password',
  logIn: 'Log in',
  logOut: 'Log out',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  usernameRequired: 'Username is required.',
  passwordRequired: 'The password field is empty.',
  loginFailed: 'The email address or password you entered is incorrect.',
  loginThrottled: 'Too many failed login attempts. Please try again in {minutes} minutes.',
  loggedInAs: 'Logged in as {email}.',
  createAccount: 'Create an account?',
  accountPassword: 'Create account password',
  accountPasswordHint: 'At least {min} characters.',
  accountPasswordRequired: 'Please enter an account password.',
  accountPasswordTooShort: 'Please enter a password of at least {min} characters.',
  accountPasswordTooLong: 'Please enter a password of at most {max} characters.',
  accountEmailRequired: 'Please provide a valid email address.',
  accountExists: 'An account is already registered with your email address. Please log in.',
  mustLogInToCheckout: 'You must be logged in to checkout.',
  logoutConfirm: 'Are you sure you want to log out?',
  confirmLogout: 'Confirm and log out',
} as const;
