import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartRepo } from '../cart/cart.repo.ts';
import type { Cart } from '../cart/cart-contents.ts';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { databaseKinds, openTestDatabase } from '../platform/db/testing/test-database.ts';
import { sessionRepo } from '../platform/session/session.ts';
import { accountLimits } from './account-limits.ts';
import { accountsRepo } from './accounts.repo.ts';
import { loginThrottle } from './login-throttle.ts';
import { accountLinks } from './mails.ts';
import { keyOf, recordingAccountMails } from './mails.fixture.ts';
import {
  confirmEmail,
  logIn,
  requestPasswordReset,
  requestRegistration,
  resetPassword,
  updateAccountDetails,
  updateAddress,
  type AccountDeps,
} from './operations.ts';
import { hashPassword } from './password.ts';

const STRONG = 'walnut sunrise ladder';
const NEWER = 'violet kettle harbour mist';

const line = (productId: number, quantity: number) => ({
  key: `k${productId}`,
  productId,
  quantity,
  variation: {},
});

describe.each(databaseKinds)('account operations on %s', (kind) => {
  let handle: DatabaseHandle;
  let deps: AccountDeps;
  let mails: ReturnType<typeof recordingAccountMails>;
  let now: Date;
  let caseyId: number;
  const ip = '203.0.113.9';

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    const casey = await accountsRepo(handle.db).create({
      email: 'casey@example.com',
      passwordHash: await hashPassword(STRONG),
      firstName: 'Casey',
      lastName: 'Customer',
    });
    caseyId = casey!.id;
  });
  afterAll(() => handle.destroy());

  beforeEach(async () => {
    // Each test counts its attempts afresh.
    await handle.db.deleteFrom('rate_limits').execute();
    mails = recordingAccountMails();
    now = new Date();
    deps = {
      db: handle.db,
      mails,
      links: accountLinks(() => 'http://shop.test'),
      throttle: loginThrottle(handle.db),
      limits: accountLimits(handle.db),
      now: () => now,
    };
  });

  const sessionsOf = async (customerId: number) =>
    (
      await handle.db
        .selectFrom('sessions')
        .select('id')
        .where('customer_id', '=', customerId)
        .execute()
    ).map((row) => row.id);

  describe('registering', () => {
    it('refuses a guessable password with the reason, beneath the password field', async () => {
      const result = await requestRegistration(deps, {
        email: 'ada@example.com',
        password: 'password123',
        ip,
      });
      expect(result).toMatchObject({ ok: false, kind: 'invalid' });
      expect(!result.ok && result.errors.reg_password).toMatch(/stronger password/);
      expect(!result.ok && result.errors.reg_password).toMatch(/commonly used password/);
      expect(mails.sent).toEqual([]);
    });

    it('refuses an address that is no address', async () => {
      const result = await requestRegistration(deps, { email: 'ada', password: STRONG, ip });
      expect(!result.ok && Object.keys(result.errors)).toEqual(['reg_email']);
    });

    it('answers a new and a taken address alike; only the new one gets a link, nothing is created yet', async () => {
      const fresh = await requestRegistration(deps, {
        email: ' Ada@Example.com ',
        password: STRONG,
        ip,
      });
      const taken = await requestRegistration(deps, {
        email: 'casey@example.com',
        password: STRONG,
        ip,
      });
      expect(fresh).toEqual({ ok: true, email: 'ada@example.com' });
      expect(taken).toEqual({ ok: true, email: 'casey@example.com' });
      expect(mails.sent.map((m) => [m.kind, m.to])).toEqual([
        ['confirmRegistration', 'ada@example.com'],
        ['alreadyRegistered', 'casey@example.com'],
      ]);
      expect(await accountsRepo(handle.db).findByEmail('ada@example.com')).toBeUndefined();
    });

    it('opens the account with the chosen password when the link is followed, once, keeping the cart', async () => {
      await requestRegistration(deps, { email: 'grace@example.com', password: STRONG, ip });
      const key = keyOf(mails.lastLink('confirmRegistration', 'grace@example.com'));
      const guest = await sessionRepo(handle.db).create();
      await cartRepo(handle.db).save(guest.id, { items: [line(1, 2)], coupons: [] });

      const confirmed = await confirmEmail(deps, { key, sessionId: guest.id });
      expect(confirmed).toMatchObject({ ok: true, kind: 'registered' });
      if (!confirmed.ok || confirmed.kind !== 'registered') return;
      expect(confirmed.session.id).not.toBe(guest.id);
      expect(confirmed.session.customerId).toBe(confirmed.customer.id);
      expect((await cartRepo(handle.db).load(confirmed.session.id)).items).toEqual([line(1, 2)]);
      expect(mails.sent.at(-1)).toMatchObject({ kind: 'accountCreated', to: 'grace@example.com' });
      const loggedIn = await logIn(deps, {
        sessionId: undefined,
        username: 'grace@example.com',
        password: STRONG,
        ip,
      });
      expect(loggedIn.ok).toBe(true);

      expect(await confirmEmail(deps, { key, sessionId: undefined })).toMatchObject({
        ok: false,
        kind: 'expired_link',
      });
    });

    it('refuses a confirmation link after a day, and one never mailed', async () => {
      await requestRegistration(deps, { email: 'late@example.com', password: STRONG, ip });
      const key = keyOf(mails.lastLink('confirmRegistration', 'late@example.com'));
      now = new Date(now.getTime() + 24 * 60 * 60_000 + 1);
      expect(await confirmEmail(deps, { key, sessionId: undefined })).toMatchObject({ ok: false });
      expect(await confirmEmail(deps, { key: 'A'.repeat(43), sessionId: undefined })).toMatchObject(
        { ok: false, kind: 'expired_link' },
      );
      expect(await accountsRepo(handle.db).findByEmail('late@example.com')).toBeUndefined();
    });

    it('counts registrations per address whatever the answer, then refuses with a wait', async () => {
      const ask = () =>
        requestRegistration(deps, {
          email: 'flood@example.com',
          password: STRONG,
          ip: '198.51.100.1',
        });
      for (let i = 0; i < 3; i++) expect((await ask()).ok).toBe(true);
      const refused = await ask();
      expect(refused).toMatchObject({ ok: false, kind: 'rate_limited' });
      expect(!refused.ok && refused.retryAfterMs).toBeGreaterThan(0);
    });
  });

  describe('logging in', () => {
    it('merges the guest cart into the customer’s saved cart, under a new session id', async () => {
      const sessions = sessionRepo(handle.db);
      const carts = cartRepo(handle.db);
      // Another browser, logged in before: its cart is the saved cart.
      const elsewhere = await logIn(deps, {
        sessionId: undefined,
        username: 'casey@example.com',
        password: STRONG,
        ip,
      });
      if (!elsewhere.ok) throw new Error('log-in refused');
      const saved: Cart = { items: [line(1, 1), line(2, 1)], coupons: ['SAVE10'] };
      await carts.save(elsewhere.session.id, saved);

      const guest = await sessions.create();
      await carts.save(guest.id, { items: [line(2, 3), line(3, 1)], coupons: [] });
      const result = await logIn(deps, {
        sessionId: guest.id,
        username: 'casey@example.com',
        password: STRONG,
        ip,
      });
      if (!result.ok) throw new Error('log-in refused');
      expect(result.session.id).not.toBe(guest.id);
      expect(await sessions.find(guest.id)).toBeUndefined();
      const merged = await carts.load(result.session.id);
      expect(merged.items).toEqual([line(1, 1), line(2, 3), line(3, 1)]);
      expect(merged.coupons).toEqual(['SAVE10']);
      expect((await carts.saved(caseyId)).items).toEqual(merged.items);

      // A purchase empties the cart: the saved one too, so it does not come back at the next log-in.
      await carts.clear(result.session.id);
      expect(await carts.saved(caseyId)).toEqual({ items: [], coupons: [] });
    });

    it('refuses a wrong password and an unknown address alike', async () => {
      const wrong = await logIn(deps, {
        sessionId: undefined,
        username: 'casey@example.com',
        password: 'nope',
        ip,
      });
      const unknown = await logIn(deps, {
        sessionId: undefined,
        username: 'nobody@example.com',
        password: 'nope',
        ip,
      });
      expect(wrong).toMatchObject({ ok: false, kind: 'refused' });
      expect(unknown).toEqual(wrong);
    });
  });

  describe('a lost password', () => {
    it('answers alike whether the address has an account; mails a link only to an account', async () => {
      const known = await requestPasswordReset(deps, { login: 'Casey@example.com', ip });
      const unknown = await requestPasswordReset(deps, { login: 'nobody@example.com', ip });
      expect(known).toEqual({ ok: true });
      expect(unknown).toEqual(known);
      expect(mails.sent.map((m) => [m.kind, m.to])).toEqual([
        ['passwordReset', 'casey@example.com'],
      ]);
      expect(mails.lastLink('passwordReset', 'casey@example.com')).toMatch(
        /^http:\/\/shop\.test\/my-account\/lost-password\/\?key=[\w-]{43}$/,
      );
    });

    it('keeps only a hash of the link’s key', async () => {
      await requestPasswordReset(deps, { login: 'casey@example.com', ip });
      const key = keyOf(mails.lastLink('passwordReset', 'casey@example.com'));
      const stored = await handle.db.selectFrom('account_tokens').select('token_hash').execute();
      expect(stored.some((row) => row.token_hash === key)).toBe(false);
      expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
    });

    it('sets a new password through the link once, logs in, and logs out every other session', async () => {
      const other = await logIn(deps, {
        sessionId: undefined,
        username: 'casey@example.com',
        password: STRONG,
        ip,
      });
      if (!other.ok) throw new Error('log-in refused');
      await requestPasswordReset(deps, { login: 'casey@example.com', ip });
      const key = keyOf(mails.lastLink('passwordReset', 'casey@example.com'));

      const mismatch = await resetPassword(deps, {
        key,
        password: NEWER,
        confirmation: 'something else',
        sessionId: undefined,
      });
      expect(mismatch).toMatchObject({
        ok: false,
        errors: { password_2: 'Passwords do not match.' },
      });

      const reset = await resetPassword(deps, {
        key,
        password: NEWER,
        confirmation: NEWER,
        sessionId: undefined,
      });
      if (!reset.ok) throw new Error(reset.message);
      expect(await sessionsOf(caseyId)).toEqual([reset.session.id]);
      const again = await resetPassword(deps, {
        key,
        password: STRONG,
        confirmation: STRONG,
        sessionId: undefined,
      });
      expect(again).toMatchObject({ ok: false, kind: 'expired_link' });
      const withNew = await logIn(deps, {
        sessionId: undefined,
        username: 'casey@example.com',
        password: NEWER,
        ip,
      });
      expect(withNew.ok).toBe(true);
      // Back to the first password for the other tests, through a second link.
      await requestPasswordReset(deps, { login: 'casey@example.com', ip });
      const second = keyOf(mails.lastLink('passwordReset', 'casey@example.com'));
      expect(
        await resetPassword(deps, {
          key: second,
          password: STRONG,
          confirmation: STRONG,
          sessionId: undefined,
        }),
      ).toMatchObject({ ok: true });
    });

    it('refuses a link after an hour, and an older link once a newer one is sent', async () => {
      await requestPasswordReset(deps, { login: 'casey@example.com', ip });
      const older = keyOf(mails.lastLink('passwordReset', 'casey@example.com'));
      await requestPasswordReset(deps, { login: 'casey@example.com', ip });
      const newer = keyOf(mails.lastLink('passwordReset', 'casey@example.com'));
      const attempt = (key: string) =>
        resetPassword(deps, { key, password: NEWER, confirmation: NEWER, sessionId: undefined });
      expect(await attempt(older)).toMatchObject({ ok: false, kind: 'expired_link' });
      now = new Date(now.getTime() + 60 * 60_000 + 1);
      expect(await attempt(newer)).toMatchObject({ ok: false, kind: 'expired_link' });
    });
  });

  describe('account details', () => {
    const details = (changes: Partial<Parameters<typeof updateAccountDetails>[1]>) => ({
      customerId: caseyId,
      sessionId: 'no-session',
      ip,
      firstName: 'Casey',
      lastName: 'Customer',
      displayName: 'Casey C.',
      email: 'casey@example.com',
      currentPassword: '',
      newPassword: '',
      confirmation: '',
      ...changes,
    });

    it('saves names and display name; refuses a missing name and an email as display name', async () => {
      expect(await updateAccountDetails(deps, details({}))).toMatchObject({
        ok: true,
        session: null,
      });
      expect((await accountsRepo(handle.db).findById(caseyId))?.displayName).toBe('Casey C.');
      const refused = await updateAccountDetails(
        deps,
        details({ firstName: ' ', displayName: 'casey@example.com' }),
      );
      expect(!refused.ok && refused.errors).toEqual({
        account_first_name: 'First name is a required field.',
        account_display_name:
          'Display name cannot be changed to email address due to privacy concern.',
      });
    });

    it('changes the password only with the current one', async () => {
      const wrong = await updateAccountDetails(
        deps,
        details({ currentPassword: 'not it', newPassword: NEWER, confirmation: NEWER }),
      );
      expect(wrong).toMatchObject({
        ok: false,
        errors: { password_current: 'Your current password is incorrect.' },
      });
      const session = await sessionRepo(handle.db).rotate(undefined, caseyId);
      const changed = await updateAccountDetails(
        deps,
        details({
          sessionId: session.id,
          currentPassword: STRONG,
          newPassword: NEWER,
          confirmation: NEWER,
        }),
      );
      if (!changed.ok) throw new Error(changed.message);
      expect(changed.session?.id).not.toBe(session.id);
      expect(await sessionsOf(caseyId)).toEqual([changed.session!.id]);
      const back = await updateAccountDetails(
        deps,
        details({ currentPassword: NEWER, newPassword: STRONG, confirmation: STRONG }),
      );
      expect(back.ok).toBe(true);
    });

    it('moves the account to a new email only once that address confirms it', async () => {
      const needsPassword = await updateAccountDetails(
        deps,
        details({ email: 'casey.new@example.com' }),
      );
      expect(needsPassword).toMatchObject({
        ok: false,
        errors: { password_current: expect.any(String) },
      });
      const asked = await updateAccountDetails(
        deps,
        details({ email: 'casey.new@example.com', currentPassword: STRONG }),
      );
      expect(asked).toMatchObject({ ok: true, emailChangeSentTo: 'casey.new@example.com' });
      expect((await accountsRepo(handle.db).findById(caseyId))?.email).toBe('casey@example.com');
      const key = keyOf(mails.lastLink('confirmEmailChange', 'casey.new@example.com'));
      expect(await confirmEmail(deps, { key, sessionId: undefined })).toMatchObject({
        ok: true,
        kind: 'email_changed',
        email: 'casey.new@example.com',
      });
      expect((await accountsRepo(handle.db).findById(caseyId))?.email).toBe(
        'casey.new@example.com',
      );
      await accountsRepo(handle.db).setEmail(caseyId, 'casey@example.com');
    });

    it('says nothing of an address another account has: its owner is mailed instead', async () => {
      await accountsRepo(handle.db).create({
        email: 'taken@example.com',
        passwordHash: 'x',
        firstName: 'Tam',
        lastName: '',
      });
      const asked = await updateAccountDetails(
        deps,
        details({ email: 'taken@example.com', currentPassword: STRONG }),
      );
      expect(asked).toEqual({ ok: true, emailChangeSentTo: 'taken@example.com', session: null });
      expect(mails.sent.map((m) => [m.kind, m.to])).toEqual([
        ['alreadyRegistered', 'taken@example.com'],
      ]);
    });
  });

  describe('addresses', () => {
    it('checks an address with the checkout’s country rules, then keeps it', async () => {
      const form = {
        billing_first_name: 'Casey',
        billing_last_name: 'Customer',
        billing_country: 'GB',
        billing_address_1: '1 High Street',
        billing_city: 'London',
        billing_postcode: 'not a postcode',
        billing_phone: '020 7946 0000',
        billing_email: 'casey@example.com',
      };
      const refused = await updateAddress(deps, { customerId: caseyId, kind: 'billing', form });
      expect(refused).toMatchObject({
        ok: false,
        fieldErrors: [{ field: 'billing_postcode' }],
        values: { billing_city: 'London' },
      });
      const saved = await updateAddress(deps, {
        customerId: caseyId,
        kind: 'billing',
        form: { ...form, billing_postcode: 'sw1a1aa' },
      });
      expect(saved).toEqual({ ok: true });
      expect((await accountsRepo(handle.db).savedAddresses(caseyId)).billing).toMatchObject({
        city: 'London',
        postcode: 'SW1A 1AA',
      });
    });
  });
});
