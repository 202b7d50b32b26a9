import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type Stripe from 'stripe';

let sdk: typeof Stripe | undefined;

/**
 * The official Stripe SDK, loaded at its first use: a server that has taken no payment yet
 * starts without its two hundred modules. Required rather than imported so that its users stay
 * synchronous; the file required is the SDK's ES module (Node >= 20.19), the one copy that
 * `import Stripe from 'stripe'` gets too, so its error classes are the same everywhere.
 */
export function stripeSdk(): typeof Stripe {
  sdk ??= (
    createRequire(import.meta.url)(fileURLToPath(import.meta.resolve('stripe'))) as {
      default: typeof Stripe;
    }
  ).default;
  return sdk;
}
