/**
 * Texts of the forms' browser runtime (src/forms/ui and embed.js): console texts of seed 002 §8
 * and the widgets' own labels. The validation texts are each form's `val_*` settings.
 */
export const formsUiMessages = {
  formsUi: {
    // Seed 002 §8: console texts.
    tokenUpdateFailed: 'Failed to update token',
    ajaxRequestFailed: 'AJAX request failed',
    ajaxSubmitError: 'WPForms AJAX submit error',
    emptyResponse: 'WPForms: the submit answer was empty',
    noErrorContent: 'WPForms: the submit was refused without a message',
    deprecated:
      'WARNING! Obsolete function called. Function wpforms.{name} has been deprecated, please use the {replacement} function instead!',
    // Password strength levels (@zxcvbn-ts scores 0 to 4).
    passwordStrength: 'Strength: {level}',
    passwordLevels: ['Very weak', 'Weak', 'Medium', 'Strong', 'Very strong'],
    // The ALTCHA check.
    captchaVerifying: 'Verifying…',
    captchaVerified: 'Verified',
    captchaFailed: 'Verification failed. Please try again.',
    // Date and time pickers.
    chooseDate: 'Choose date',
    chooseTime: 'Choose time',
    clearDate: 'Clear',
    closePicker: 'Close',
    // Searchable select.
    search: 'Search',
    removeItem: 'Remove {label}',
    // Uploads.
    filesChosen: '{count} files, {size} MB',
    // embed.js
    embedLoadFailed: 'The form could not be loaded. Please try again later.',
    // Page changes read out to screen readers.
    pageAnnounce: '{step}: {title}',
  },
} as const;
