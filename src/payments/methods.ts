import { messages } from '../platform/messages/index.ts';

/** The checkout's payment methods, by gateway id (card maps to `stripe`, seed 001 §3). */
export interface PaymentMethodInfo {
  id: 'stripe' | 'cod';
  title: string;
  description: string;
  needsJavaScript: boolean;
}

export const paymentMethods: PaymentMethodInfo[] = [
  {
    id: 'stripe',
    title: 'Credit / Debit Card',
    description: messages.cardDescription,
    needsJavaScript: true,
  },
  {
    id: 'cod',
    title: 'Cash on delivery',
    description: messages.codDescription,
    needsJavaScript: false,
  },
];

export function paymentMethodById(id: string): PaymentMethodInfo | undefined {
  return paymentMethods.find((method) => method.id === id);
}
