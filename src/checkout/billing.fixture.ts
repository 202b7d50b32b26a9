/**
 * A complete, valid billing address as the checkout form posts it, with the terms box ticked
 * (the checkout refuses an order without it).
 */
export const completeBillingForm = {
  billing_first_name: 'Ada',
  billing_last_name: 'Lovelace',
  billing_country: 'GB',
  billing_address_1: '12 St James Square',
  billing_city: 'London',
  billing_postcode: 'SW1Y 4JH',
  billing_phone: '+44 (20) 7946-0958',
  billing_email: 'ada@example.com',
  terms: 'on',
};
