/** What the host's tests use to act as a browser at the processor (no database, no vitest). */
export { createTestPaymentMethod, type CreatedPaymentMethod } from './payment-method.fixture.ts';
export { browserCall, submitForm } from './browser-calls.ts';
