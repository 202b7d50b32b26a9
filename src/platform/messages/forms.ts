/**
 * Texts of the form builder (src/forms): the defaults a form's settings start from (seed 002 §3,
 * §5: each form may reword them), the server's answers and the form's own texts. Seed 002 gives
 * the setting names but not their wording; these follow WPForms' defaults. In three groups, so
 * that the browser (embed.js above all) carries only the texts it shows itself.
 */

/** Defaults of the form's settings: the browser reads them from the settings, never from here. */
export const formValidationMessages = {
  // Validation (seed 002 §5), each a `val_*` setting of the form.
  val_required: 'This field is required.',
  val_email: 'Please enter a valid email address.',
  val_email_suggestion: 'Did you mean {suggestion}?',
  val_email_suggestion_title: 'Click to accept this suggestion.',
  val_email_restricted: 'This email address is not allowed.',
  val_url: 'Please enter a valid URL.',
  val_number: 'Please enter a valid number.',
  val_number_min: 'Please enter a value greater than or equal to {min}.',
  val_number_max: 'Please enter a value less than or equal to {max}.',
  val_number_step: 'Please enter a multiple of {step}.',
  val_number_positive: 'Please enter a valid positive number.',
  val_minimum_price: 'Amount entered is less than the required minimum.',
  val_requiredpayment: 'Payment is required.',
  val_creditcard: 'Please enter a valid credit card number.',
  val_confirm: 'Field values do not match.',
  val_fileextension: 'File type is not allowed.',
  val_filesize: 'File exceeds max size allowed. File was not uploaded.',
  val_file_content: 'The file’s content does not match its type.',
  val_post_max_size:
    'The total size of the selected files {totalSize} MB exceeds the allowed limit {maxSize} MB.',
  val_time12h: 'Please enter time in 12-hour AM/PM format (eg 8:45 AM).',
  val_time24h: 'Please enter time in 24-hour format (eg 22:45).',
  val_time_limit: 'Please enter time between {minTime} and {maxTime}.',
  val_date: 'Please enter a valid date.',
  val_date_day: 'Please choose another day.',
  val_checklimit: 'You have exceeded the number of allowed selections: {#}.',
  val_choice: 'Please choose one of the offered options.',
  val_inputmask_incomplete: 'Please fill out the field in required format.',
  val_password_strength:
    'A stronger password is required. Consider using upper and lower case letters, numbers, and symbols.',
  val_phone: 'Please enter a valid phone number.',
  val_captcha_fail_msg: 'The anti-spam check failed. Please try again.',
  val_limit_characters: '{count} of {limit} max characters.',
  val_limit_words: '{count} of {limit} max words.',
  val_limit_characters_over: 'Please enter no more than {limit} characters.',
  val_limit_words_over: 'Please enter no more than {limit} words.',
  // Page-level settings' texts (seed 002 §3).
  formErrorMessagePrefix: 'Form error message',
  submitBtnDisabled:
    'The submit button is disabled while the chosen files are larger than the form allows.',
  indicatorStepsPattern: 'Step {current} of {total}',
} as const;

/** The server's answers (anti-spam refusals, errors) and its notification mails. */
export const formAnswerMessages = {
  // Anti-spam refusals (general errors of the submit response).
  honeypotFailed: 'The form could not be submitted. Please try again.',
  tooFast: 'The form was submitted too quickly. Please wait a moment and try again.',
  tokenInvalid:
    'The form has expired. Please reload the page, or refocus the form, and submit again.',
  rateLimited: 'Too many submissions from your address. Please try again in a few minutes.',
  formNotFound: 'This form does not exist.',
  uploadTooLarge: 'The submission is larger than the form allows.',
  errorHeader: 'Please correct the errors below and submit again.',
  entryMailSubject: 'New entry: {form}',
  entryMailIntro: 'A new entry was submitted on “{form}” from {pageUrl}.',
} as const;

/** What the form shows itself (renderer and runtime), on its page and in embed.js. */
export const formPageMessages = {
  // The form page.
  submit: 'Submit',
  submitting: 'Sending…',
  next: 'Next',
  previous: 'Previous',
  requiredMark: 'Required',
  honeypotLabel: 'Leave this field empty',
  confirmationDefault: 'Thanks for contacting us! We will be in touch with you shortly.',
  choose: '— Select —',
  nameFirst: 'First',
  nameMiddle: 'Middle',
  nameLast: 'Last',
  addressLine1: 'Address Line 1',
  addressLine2: 'Address Line 2',
  addressCity: 'City',
  addressState: 'State',
  addressPostal: 'Zip Code',
  addressCountry: 'Country',
  confirmEmail: 'Confirm Email',
  confirmPassword: 'Confirm Password',
  dateMonth: 'MM',
  dateDay: 'DD',
  dateYear: 'YYYY',
  dateLabel: 'Date',
  timeLabel: 'Time',
  ratingLabel: 'Rate…',
  ratingItem: '{value} of {scale}',
  fileAllowed: 'Allowed: {extensions}. Up to {size} MB.',
  captchaLabel: 'I’m not a robot',
  captchaNeedsScript: 'This check needs JavaScript: please turn it on, then tick the box.',
  charactersLeft: '{remaining} characters left.',
} as const;

export const formsMessages = {
  forms: { ...formValidationMessages, ...formAnswerMessages, ...formPageMessages },
} as const;

export type FormMessageKey = keyof typeof formsMessages.forms;
