/** The cookie consent banner (issue 11; CONTRACT §5 names its buttons and categories). */
export const consentMessages = {
  consent: {
    title: 'Cookies on this shop',
    text: 'We use the cookies the shop needs to work: your cart, your session and its security. With your permission we also use cookies that remember your preferences, count visits, and tell us which campaign brought you here.',
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
