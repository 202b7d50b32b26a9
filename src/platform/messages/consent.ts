/** The cookie consent banner (issue 11; CONTRACT §5 names its buttons and categories). */
export const consentMessages = {
  consent: {
    title: 'Cookies on this shop',
    text: 'The shop needs a few cookies to work. With your permission it also uses cookies for your preferences, statistics and marketing.',
    acceptAll: 'Accept all',
    rejectAll: 'Reject all',
    choose: 'Choose',
    save: 'Save my choices',
    categoriesLegend: 'Cookies you allow',
    alwaysOn: 'always on',
    necessary: 'Necessary',
    necessaryHelp: 'Your cart, your session and the shop’s security.',
    preferences: 'Preferences',
    preferencesHelp: 'Remember choices you make, such as your country.',
    statistics: 'Statistics',
    statisticsHelp: 'Count visits and see, without naming you, how the shop is used.',
    marketing: 'Marketing',
    marketingHelp: 'Learn which advert or campaign brought you to the shop.',
    settingsLink: 'Cookie settings',
  },
} as const;
