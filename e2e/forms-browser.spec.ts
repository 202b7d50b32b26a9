import http from 'node:http';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { formDefinitionSchema, type FormDefinitionInput } from '../src/forms/definition.ts';
import { formsRepo } from '../src/forms/forms.repo.ts';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  gotoHydrated,
  withShopDatabase,
} from './support.ts';

/**
 * Issue 12: the forms with JavaScript, on their page and embedded in a foreign page served from
 * another port (3372, E2E_EMBED_PORT): the runtime's rules while typing, pages, the ajax submit,
 * anti-spam and the embed's isolation.
 */
const SHOP = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;
const HOST_PORT = Number(process.env.E2E_EMBED_PORT ?? 3372);
const HOST = `http://127.0.0.1:${HOST_PORT}`;
const MINIMUM_SECONDS_MS = 3_100;
/** Journeys that store entries: they run on PostgreSQL too (scripts/e2e-postgres.ts). */
const DB = { tag: '@database' };
test.describe.configure({ timeout: 120_000 });

async function saveForm(form: FormDefinitionInput): Promise<void> {
  await withShopDatabase((db) => formsRepo(db).save(formDefinitionSchema.parse(form)));
}

const isAction = (action: string) => (request: Request) =>
  request.url().endsWith('/admin-ajax') &&
  request.method() === 'POST' &&
  (request.postData() ?? '').includes(action);

/** A host page with hostile styles: a reset plus rules on input, button and *. */
const HOSTILE_CSS = `
  *, *::before, *::after { margin: 0; padding: 0; box-sizing: content-box; font: 13px/1 monospace !important; color: #5b1a6e !important; letter-spacing: 2px; }
  input, textarea, select { border: 4px dashed lime !important; background: black !important; width: 50px !important; }
  button { all: unset; background: red !important; text-transform: uppercase; }
  body { background: #fffbe6; padding: 24px; }
  p { outline: 1px solid #999; }
`;

function hostPage(formId: string | undefined): string {
  const tag = formId
    ? `<script src="${SHOP}/forms/embed.js" data-form="${formId}" async></script>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host page</title>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <style>${HOSTILE_CSS}</style></head>
    <body><main><h1>Our bakery</h1><p>Before the form.</p>
    <div id="slot" style="width: 640px; max-width: 100%">${tag}</div>
    <p>After the form.</p></main></body></html>`;
}

let host: http.Server;
test.beforeAll(async () => {
  host = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', HOST);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(hostPage(url.searchParams.get('form') ?? undefined));
  });
  await new Promise<void>((resolve) => host.listen(HOST_PORT, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

/** The share of pixels that differ between two screenshots of the same size (1 if sizes differ). */
async function differingPixels(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([first, second]) => {
      const load = async (data: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height);
      };
      const [x, y] = [await load(first), await load(second)];
      // A box at a fractional position may round to one pixel more or less, and its content
      // land a row lower: the best of the comparisons shifted by up to a row counts.
      if (Math.abs(x.width - y.width) > 1 || Math.abs(x.height - y.height) > 1) return 1;
      const [width, height] = [Math.min(x.width, y.width), Math.min(x.height, y.height) - 1];
      const differingAt = (shift: number) => {
        let differing = 0;
        for (let row = 1; row < height; row += 1) {
          for (let col = 0; col < width; col += 1) {
            const i = (row * x.width + col) * 4;
            const j = ((row + shift) * y.width + col) * 4;
            const delta = Math.max(
              ...[0, 1, 2].map((c) => Math.abs(x.data[i + c]! - y.data[j + c]!)),
            );
            if (delta > 24) differing += 1;
          }
        }
        return differing / (width * (height - 1));
      };
      return Math.min(differingAt(-1), differingAt(0), differingAt(1));
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}

async function openForm(page: Page, formId: string): Promise<void> {
  await gotoHydrated(page, `/forms/${formId}/`);
  await page.locator('form.wpforms-js').waitFor();
}

test(
  'the contact form: suggestion, limit, browser checks, then the ajax confirmation, which hides after 5 s',
  DB,
  async ({ page }) => {
    await openForm(page, 'contact');
    const email = page.getByLabel('Email');
    await email.fill('ada@gmial.com');
    await email.blur();
    await page.getByRole('link', { name: 'ada@gmail.com' }).click();
    await expect(email).toHaveValue('ada@gmail.com');

    const message = page.getByLabel('Message');
    await message.fill('x'.repeat(205));
    await expect(message).toHaveValue('x'.repeat(200));
    await expect(page.getByText('200 of 200 max characters.')).toBeVisible();

    // The browser's own check: nothing is sent while Name is empty.
    let posts = 0;
    page.on('request', (request) => void (isAction('wpforms_submit')(request) && posts++));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('This field is required.');
    await expect(page.getByLabel('Name')).toBeFocused();
    expect(posts).toBe(0);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible(page);
    }
    await page.getByLabel('Name').fill('Ada Lovelace');
    await message.fill('Do you ship to Scotland?');
    await page.waitForTimeout(MINIMUM_SECONDS_MS);
    const sent = page.waitForRequest(isAction('wpforms_submit'));
    await page.getByRole('button', { name: 'Submit' }).click();
    const request = await sent;
    expect(request.headers()['content-type']).toContain('multipart/form-data');
    expect(request.postData()).toContain('name="start_timestamp"');
    expect(request.postData()).toContain('name="end_timestamp"');
    await expectConfirmationHides(
      page.locator('.wpforms-confirmation-container-full'),
      'Thanks for contacting us!',
      page.getByRole('contentinfo'),
    );
  },
);

/**
 * The confirmation is shown (a status, so screen readers have it), then hides after 5000 ms;
 * its place stays, so what follows it on the page does not move.
 */
async function expectConfirmationHides(
  confirmation: Locator,
  text: string,
  below: Locator,
): Promise<void> {
  await expect(confirmation).toContainText(text);
  const shownAt = Date.now();
  await expect(confirmation).toHaveRole('status');
  const place = await below.boundingBox();
  await expect(confirmation).toBeHidden({ timeout: 10_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(4_000);
  expect(await below.boundingBox()).toEqual(place);
}

test(
  'a form posted to its page (no ajax submit) has its confirmation hidden after 5 s too',
  DB,
  async ({ page }) => {
    await saveForm({
      id: 'e2e-plain-post',
      title: 'Plain post test form',
      fields: [{ id: '1', type: 'text', label: 'Name', required: true }],
      settings: { ajax_submit: false },
    });
    await openForm(page, 'e2e-plain-post');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.waitForTimeout(MINIMUM_SECONDS_MS);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/forms/e2e-plain-post/');
    await expectConfirmationHides(
      page.locator('.wpforms-confirmation-container'),
      'Thanks for contacting us!',
      page.getByRole('contentinfo'),
    );
  },
);

test('the start timestamp is the first interaction, not the page’s render nor the first key', async ({
  page,
}) => {
  await openForm(page, 'contact');
  await page.waitForTimeout(2_100);
  const touched = Math.floor(Date.now() / 1000);
  const name = page.getByLabel('Name');
  await name.click();
  await page.waitForTimeout(2_100);
  const typed = Math.floor(Date.now() / 1000);
  await name.pressSequentially('Ada');
  const start = Number(await page.locator('input[name="start_timestamp"]').inputValue());
  expect(start).toBeGreaterThanOrEqual(touched);
  expect(start).toBeLessThan(typed);
});

test(
  'a form filled before its script ran is taken from the page’s load, not refused as too quick',
  DB,
  async ({ page }) => {
    // A slow load: the page's scripts arrive only once the shopper has filled the form.
    let release = () => {};
    const loaded = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await loaded;
      await route.continue();
    });
    await page.goto('/forms/contact/', { waitUntil: 'commit' });
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Message').fill('Filled while the page was still loading.');
    await page.waitForTimeout(MINIMUM_SECONDS_MS);
    release();
    await page.locator('form.wpforms-js').waitFor();
    await expect(page.getByLabel('Name')).toHaveValue('Ada Lovelace');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('.wpforms-confirmation-container-full')).toContainText(
      'Thanks for contacting us!',
    );
  },
);

test('a too-fast submission and a filled honeypot are refused', async ({ page }) => {
  // A form asking an hour between first interaction and submit: too fast however slow the
  // machine; the honeypot is checked first, so it is refused for that even then.
  await saveForm({
    id: 'e2e-patient',
    title: 'Patient test form',
    fields: [{ id: '1', type: 'text', label: 'Name', required: true }],
    settings: { minimum_seconds: 3600 },
  });
  await openForm(page, 'e2e-patient');
  await page.getByLabel('Name').fill('Robot');
  await page.getByRole('button', { name: 'Submit' }).click();
  const boxes = page.locator('.wpforms-error-container');
  await expect(boxes.filter({ hasText: 'The form was submitted too quickly.' })).toBeVisible();

  await page.locator('input[name="wpforms[hp]"]').evaluate((input: HTMLInputElement) => {
    input.value = 'https://spam.example';
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(boxes.filter({ hasText: 'The form could not be submitted.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test('server field errors are shown under their fields when the browser checks are bypassed', async ({
  page,
}) => {
  await openForm(page, 'contact');
  // A raw post: the e-mail the browser checked is swapped for a bad one on its way out.
  await page.route('**/admin-ajax', async (route) => {
    const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
    const raw = body.replace('ada@example.com', 'ada@example');
    await route.continue({ postData: Buffer.from(raw, 'latin1') });
  });
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill('Hello');
  await page.waitForTimeout(MINIMUM_SECONDS_MS);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
    'Please enter a valid email address.',
  );
  await expect(
    page.locator('.wpforms-error-container').filter({ hasText: 'Please correct the errors' }),
  ).toBeVisible();
});

const pagedForm: FormDefinitionInput = {
  id: 'e2e-pages',
  title: 'Paged test form',
  fields: [
    {
      id: '1',
      type: 'radio',
      label: 'Route',
      required: true,
      choices: [
        { label: 'Short', value: 'short' },
        { label: 'Long', value: 'long' },
      ],
    },
    { id: '2', type: 'text', label: 'Town' },
    { id: '10', type: 'pagebreak', title: 'Detour' },
    {
      id: '3',
      type: 'text',
      label: 'Detour reason',
      conditional: { action: 'show', groups: [[{ field: '1', operator: '==', value: 'long' }]] },
    },
    { id: '11', type: 'pagebreak', title: 'Finish' },
    { id: '4', type: 'number', label: 'Guests', min: 1, max: 9 },
    {
      id: '5',
      type: 'file-upload',
      label: 'Plan',
      extensions: ['txt'],
    },
  ],
  settings: {
    post_max_size: 2048,
    token_cache_lifetime: 60,
    page_indicator: { style: 'progress', title: 'Start' },
  },
  confirmation: { type: 'redirect', redirect_url: `${HOST}/thanks`, new_tab: true },
};

test('pages: Enter goes Next, empty pages are skipped both ways, uploads over the limit', async ({
  page,
}) => {
  await saveForm(pagedForm);
  await openForm(page, 'e2e-pages');
  const progress = page.getByRole('progressbar');
  await page.getByLabel('Short').check();
  await page.getByLabel('Town').press('Enter');
  // The detour page holds only a hidden field: Next skips it, Previous too.
  await expect(progress).toHaveAttribute('aria-valuenow', '3');
  await expect(page.getByText('Finish / Step 3 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(progress).toHaveAttribute('aria-valuenow', '1');
  await page.getByLabel('Long').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Detour reason')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // The number field takes only digits, minus and period.
  await page.getByLabel('Guests').pressSequentially('4e2');
  await expect(page.getByLabel('Guests')).toHaveValue('42');
  await page.getByLabel('Guests').fill('4');

  // Files together over post_max_size: the submit button is marked disabled and says why.
  await page.getByLabel('Plan').setInputFiles({
    name: 'plan.txt',
    mimeType: 'text/plain',
    buffer: Buffer.alloc(3000, 'a'),
  });
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toHaveAttribute('aria-disabled', 'true');
  await expect(
    page.getByText(
      'The total size of the selected files 0.003 MB exceeds the allowed limit 0.002 MB.',
    ),
  ).toBeVisible();
  let posts = 0;
  page.on('request', (request) => void (isAction('wpforms_submit')(request) && posts++));
  // It keeps its place in the tab order; a press is swallowed.
  await submit.focus();
  await page.keyboard.press('Enter');
  await submit.click({ force: true });
  expect(posts).toBe(0);
  await page.getByLabel('Plan').setInputFiles([]);
  await expect(submit).not.toHaveAttribute('aria-disabled', 'true');

  // A token older than token_cache_lifetime is refreshed when the form takes focus.
  await page.locator('form.wpforms-form').evaluate((form: HTMLFormElement) => {
    form.dataset.tokenTime = String(Math.floor(Date.now() / 1000) - 3600);
  });
  const refreshed = page.waitForRequest(isAction('wpforms_get_token'));
  await page.getByLabel('Guests').focus();
  await refreshed;
  await expect(submit).toBeEnabled();

  // The redirect opens in a new tab.
  await page.waitForTimeout(MINIMUM_SECONDS_MS);
  const popup = page.waitForEvent('popup');
  await submit.click();
  expect((await popup).url()).toBe(`${HOST}/thanks`);
});

test('the ALTCHA check is solved in the browser and verified by the shop', async ({ page }) => {
  await saveForm({
    id: 'e2e-captcha',
    title: 'Captcha test form',
    fields: [
      { id: '1', type: 'text', label: 'Name', required: true },
      { id: '2', type: 'captcha', label: 'Anti-spam check', required: true },
    ],
  });
  await openForm(page, 'e2e-captcha');
  await page.getByLabel('Name').fill('Ada');
  await page.getByRole('checkbox', { name: 'I’m not a robot' }).check();
  await expect(page.getByText('Verified')).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(MINIMUM_SECONDS_MS);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page
      .locator('.wpforms-confirmation-container-full')
      .filter({ hasText: 'Thanks for contacting us!' }),
  ).toBeVisible();
});

/** One field of each type whose rule runs in the browser (issue 12's field list). */
const fieldsForm: FormDefinitionInput = {
  id: 'e2e-fields',
  title: 'Field rules test form',
  fields: [
    { id: '1', type: 'email', label: 'Email' },
    { id: '2', type: 'text', label: 'Code', input_mask: '999-aaa' },
    { id: '3', type: 'password', label: 'Password', strength_min: 3 },
    { id: '4', type: 'number', label: 'Guests', min: 1, max: 9 },
    { id: '5', type: 'address', label: 'Address', scheme: 'international' },
    {
      id: '6',
      type: 'select',
      label: 'Pieces',
      multiple: true,
      search_enabled: true,
      remove_items_enabled: true,
      choices: [
        { label: 'Classic Hoodie', value: 'hoodie' },
        { label: 'Linen Shirt', value: 'shirt' },
        { label: 'Canvas Tote', value: 'tote' },
      ],
    },
    { id: '7', type: 'rating', label: 'Rating', scale: 5 },
    { id: '8', type: 'date-time', label: 'Day', format: 'date', limit_days: ['mon', 'tue'] },
    {
      id: '9',
      type: 'date-time',
      label: 'Time',
      format: 'time',
      time_format: 'H:i',
      time_interval: 30,
      time_limit_enabled: true,
      time_min: '09:00',
      time_max: '17:00',
    },
    {
      id: '10',
      type: 'textarea',
      label: 'Notes',
      limit_enabled: true,
      limit_mode: 'words',
      limit_count: 3,
    },
  ],
  settings: { address_field: { list_countries_without_states: ['GB'] } },
};

/**
 * Each field type's rule, run by the browser while a person fills the form: the same journey on
 * the form's page and embedded in the foreign host page (inside its shadow root).
 */
async function walkFieldRules(page: Page): Promise<void> {
  const form = page.locator('form.wpforms-js');
  await form.waitFor();
  const error = (label: string, text: string) =>
    expect(form.getByLabel(label, { exact: true })).toHaveAccessibleDescription(
      new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );

  // E-mail: mailcheck's suggestion on blur; its link fills the field.
  const email = form.getByLabel('Email', { exact: true });
  await email.fill('ada@gmial.com');
  await email.blur();
  await form.getByRole('link', { name: 'ada@gmail.com' }).click();
  await expect(email).toHaveValue('ada@gmail.com');

  // Masked input (imask): letters where digits go are refused; an incomplete mask is an error.
  const code = form.getByLabel('Code', { exact: true });
  await code.click();
  await code.pressSequentially('12x3abc');
  await expect(code).toHaveValue('123-abc');
  await code.fill('');
  await code.pressSequentially('12');
  await code.blur();
  await error('Code', 'Please fill out the field in required format.');

  // Password: the strength meter, and the strength rule.
  const password = form.getByLabel('Password', { exact: true });
  await password.fill('abc');
  await expect(form.getByText('Strength: Very weak')).toBeVisible();
  await password.blur();
  await error('Password', 'A stronger password is required.');
  await password.fill('Quiet-Harbour-Lantern-71!');
  await expect(form.getByText('Strength: Very strong')).toBeVisible();

  // Number: its maximum.
  const guests = form.getByLabel('Guests', { exact: true });
  await guests.fill('12');
  await guests.blur();
  await error('Guests', 'Please enter a value less than or equal to 9.');

  // Address: a country without states disables the state.
  const state = form.getByLabel('State', { exact: true });
  await expect(state).toBeEnabled();
  const country = form.getByRole('combobox', { name: 'Country' });
  await country.fill('United Kingdom (UK)');
  await country.press('Enter');
  await expect(state).toBeDisabled();
  await country.fill('United States (US)');
  await country.press('Enter');
  await expect(state).toBeEnabled();

  // Select with search and removable items.
  const pieces = form.getByRole('combobox', { name: 'Pieces' });
  await pieces.fill('lin');
  await form.getByRole('option', { name: 'Linen Shirt' }).click();
  await pieces.fill('tote');
  await form.getByRole('option', { name: 'Canvas Tote' }).click();
  await expect(form.getByRole('button', { name: 'Remove Linen Shirt' })).toBeVisible();
  await form.getByRole('button', { name: 'Remove Linen Shirt' }).click();
  await expect(form.getByRole('button', { name: 'Remove Linen Shirt' })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Remove Canvas Tote' })).toBeVisible();

  // Rating: hover highlights up to the item; the choice keeps its style.
  const stars = form.locator('.wpforms-field-rating-item');
  await stars.nth(2).hover();
  await expect(form.locator('.wpforms-field-rating-item.hover')).toHaveCount(3);
  await form.getByRole('radio', { name: '4 of 5' }).check({ force: true });
  await email.hover();
  await expect(form.locator('.wpforms-field-rating-item.hover')).toHaveCount(0);
  await expect(form.locator('.wpforms-field-rating-item.wpforms-selected')).toHaveCount(4);

  // Date: limit-days refuses a Saturday; the picker opens, and its Clear empties the field.
  const day = form.getByLabel('Day', { exact: true });
  await day.fill('11/28/2026');
  await day.blur();
  await error('Day', 'Please choose another day.');
  await form.getByRole('button', { name: 'Choose date' }).click();
  await form.getByRole('button', { name: 'Clear' }).click();
  await expect(day).toHaveValue('');

  // Time: rounded to the interval, and kept between its limits.
  const time = form.getByLabel('Time', { exact: true });
  await time.fill('10:07');
  await time.blur();
  await expect(time).toHaveValue('10:00');
  await time.fill('18:00');
  await time.blur();
  await error('Time', 'Please enter time between 09:00 and 17:00.');

  // Textarea word limit: a fourth word is refused, the count says so.
  const notes = form.getByLabel('Notes', { exact: true });
  await notes.pressSequentially('one two three four');
  await expect(notes).toHaveValue(/^one two three ?$/);
  await expect(form.getByText('3 of 3 max words.')).toBeVisible();
}

test('each field type’s rule, on the form’s page and embedded in a foreign page', async ({
  page,
}) => {
  await saveForm(fieldsForm);
  await page.setViewportSize({ width: 1280, height: 1400 });
  await openForm(page, 'e2e-fields');
  await walkFieldRules(page);
  await expectAccessible(page);
  await page.goto(`${HOST}/?form=e2e-fields`);
  await walkFieldRules(page);
  await expectAccessible(page);
});

test.describe('embedded in a foreign page', () => {
  test('renders in place, passes axe, submits across origins, and its confirmation hides after 5 s', async ({
    page,
  }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${HOST}/?form=contact`);
      await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
      await expectAccessible(page);
    }
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Message').fill('Hello from the bakery');
    await page.waitForTimeout(MINIMUM_SECONDS_MS);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectConfirmationHides(
      page.locator('.wpforms-confirmation-container-full'),
      'Thanks for contacting us!',
      page.getByText('After the form.'),
    );
    await expectAccessible(page);
  });

  test('the order form judges the input left, not its siblings, nothing on Previous, and Next stays under a press', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 1800 });
    await page.goto(`${HOST}/?form=order`);
    const form = page.locator('.shop-form-embed form.wpforms-js');
    await form.waitFor();
    const progress = form.getByRole('progressbar');
    const marked = form.locator('[aria-invalid="true"]');
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByRole('button', { name: 'Next' }).click();
    await expect(progress).toHaveAttribute('aria-valuenow', '2');
    const piece = form.getByRole('radio', { name: /Classic Hoodie/ });
    await expect(piece).toBeFocused();

    // Previous judges nothing: the choices it leaves untouched are not marked.
    await form.getByRole('button', { name: 'Previous' }).click();
    await expect(progress).toHaveAttribute('aria-valuenow', '1');
    await expect(marked).toHaveCount(0);

    // Leaving Address Line 1 judges it alone: City, State and Zip Code are not reached yet.
    await form.getByRole('button', { name: 'Next' }).click();
    await expect(progress).toHaveAttribute('aria-valuenow', '2');
    await piece.check();
    await form.getByLabel('Shipping').selectOption('standard');
    await form.getByLabel('Address Line 1').fill('12 St James Square');
    await form.getByLabel('Address Line 1').press('Tab');
    await expect(form.getByLabel('Address Line 2')).toBeFocused();
    await expect(marked).toHaveCount(0);
    await expect(form.locator('em.wpforms-error:visible')).toHaveCount(0);

    // Next judges the page and takes the shopper to City; filled in, Zip Code still shows its
    // error until it is left.
    await form.getByRole('button', { name: 'Next' }).click();
    const zip = form.getByLabel(/Zip|Postal/);
    await expect(zip).toHaveAccessibleDescription('This field is required.');
    await expect(form.getByLabel('City')).toBeFocused();
    await form.getByLabel('City').fill('London');
    const state = form.getByRole('combobox', { name: /State|Province/ });
    await state.fill('California');
    await state.press('Enter');
    await expect(state).toHaveValue('California');
    await zip.fill('SW1Y 4JH');
    await expect(zip).toHaveAttribute('aria-invalid', 'true');
    // Pressing Next leaves Zip Code, whose error goes: Next stays where it is until the release.
    // At the top of the page: scrolled, Chromium's scroll anchoring may make up for the jump.
    const next = form.getByRole('button', { name: 'Next' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await next.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    expect(await next.boundingBox()).toEqual(box);
    await page.mouse.up();
    await expect(progress).toHaveAttribute('aria-valuenow', '3');
    await expect(zip).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('a paying form’s first page has its payment fields, styled, and its total keeps up', async ({
    page,
  }) => {
    await saveForm({
      id: 'e2e-paying',
      title: 'Paying test form',
      fields: [
        {
          id: '1',
          type: 'payment-multiple',
          label: 'Piece',
          quantity_max: 3,
          choices: [{ label: 'Canvas Tote', value: 'canvas-tote', price: 1800 }],
        },
        { id: '2', type: 'payment-total', label: 'Total' },
      ],
    });
    for (const open of [
      () => openForm(page, 'e2e-paying'),
      () => page.goto(`${HOST}/?form=e2e-paying`),
    ]) {
      await open();
      const form = page.locator('form.wpforms-js');
      await form.waitFor();
      const total = form.locator('[data-field-id="2"] output');
      await expect(total).toHaveText('$0.00');
      await expect(total).toHaveCSS('font-weight', '600');
      await form.getByLabel('Canvas Tote – $18.00').check();
      await form.getByLabel('Quantity').selectOption('2');
      await expect(total).toHaveText('$36.00');
    }
  });

  test('the host page and the form keep their own looks', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1400 });
    await page.goto(`${HOST}/`);
    const after = page.getByText('After the form.');
    const looks = () =>
      after.evaluate((element) => {
        const style = getComputedStyle(element);
        return ['font', 'color', 'letterSpacing', 'outline', 'margin', 'padding', 'width'].map(
          (name) => style.getPropertyValue(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)),
        );
      });
    const before = await looks();
    const bakery = page.getByRole('heading', { name: 'Our bakery' });
    const heading = await bakery.screenshot();
    await page.goto(`${HOST}/?form=contact`);
    const form = page.locator('.shop-form-embed');
    await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
    expect(await differingPixels(page, await bakery.screenshot(), heading)).toBeLessThan(0.01);
    // Below the form the paragraph sits at a fractional offset, which re-rasterises its text:
    // its styles are compared instead of its pixels.
    expect(await looks()).toEqual(before);
    const embedded = await form.locator('.wpforms-container').screenshot();

    await openForm(page, 'contact');
    const own = await page.locator('.wpforms-container').screenshot();
    expect(await differingPixels(page, embedded, own)).toBeLessThan(0.03);
  });
});

/** Issue 22: the forms' looks and their widgets, on the form's page and embedded. */
const where = [
  { name: 'on its page', open: (page: Page, formId: string) => openForm(page, formId) },
  {
    name: 'embedded',
    open: async (page: Page, formId: string) => {
      await page.goto(`${HOST}/?form=${formId}`);
      await page.locator('form.wpforms-js').waitFor();
    },
  },
];

const selectsForm: FormDefinitionInput = {
  id: 'e2e-selects',
  title: 'Searchable selects test form',
  fields: [
    {
      id: '1',
      type: 'select',
      label: 'Country of origin',
      search_enabled: true,
      choices: [
        { label: 'Algeria', value: 'algeria' },
        { label: 'Germany', value: 'germany' },
        { label: 'Ghana', value: 'ghana' },
        { label: 'West Germany (1949–1990)', value: 'west-germany' },
      ],
    },
    {
      id: '2',
      type: 'select',
      label: 'Colours',
      multiple: true,
      search_enabled: true,
      remove_items_enabled: true,
      choice_limit: 2,
      choices: [
        { label: 'Red', value: 'red' },
        { label: 'Green', value: 'green' },
        { label: 'Blue', value: 'blue' },
      ],
    },
  ],
};

test('a searchable select: Enter picks the first match, its messages, no sideways scroll', async ({
  page,
}) => {
  await saveForm(selectsForm);
  for (const { open } of where) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, 'e2e-selects');
    const form = page.locator('form.wpforms-js');
    // The native select stays for posting, out of sight without widening the page.
    await expectNoHorizontalScroll(page);

    const origin = form.getByRole('combobox', { name: 'Country of origin' });
    await origin.click();
    await page.keyboard.type('germ');
    await expect(form.getByRole('option', { name: 'Germany', exact: true })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(form.locator('select[name="wpforms[fields][1]"]')).toHaveValue('germany');
    await expect(origin).toHaveValue('Germany');
    await origin.fill('xyz');
    await expect(form.getByText('No results found')).toBeVisible();
    await expect(form.getByRole('option')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(origin).toHaveValue('Germany');

    // A multiple select with a choice limit: once full it says so and offers no more.
    const colours = form.getByRole('combobox', { name: 'Colours' });
    await colours.click();
    await page.keyboard.type('red');
    await page.keyboard.press('Enter');
    await colours.fill('gr');
    await page.keyboard.press('Enter');
    await expect(form.locator('select[name="wpforms[fields][2][]"]')).toHaveValues([
      'red',
      'green',
    ]);
    await colours.fill('');
    await expect(form.getByText('You can only select 2 items')).toBeVisible();
    await expect(form.getByRole('option', { name: 'Blue' })).toHaveCount(0);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Remove Green' }).click();
    await colours.click();
    await expect(form.getByRole('option', { name: 'Blue' })).toBeVisible();
    await expect(form.getByText('You can only select 2 items')).toBeHidden();
  }
});

const addressForm: FormDefinitionInput = {
  id: 'e2e-address',
  title: 'Address test form',
  fields: [{ id: '1', type: 'address', label: 'Address', required: true }],
  settings: { address_field: { list_countries_without_states: ['GB'] } },
};

test('the address field’s country is a searchable country select, with the country’s states', async ({
  page,
}) => {
  await saveForm(addressForm);
  for (const { open } of where) {
    await open(page, 'e2e-address');
    const form = page.locator('form.wpforms-js');
    const country = form.getByRole('combobox', { name: 'Country' });
    const countryValue = form.locator('select[name="wpforms[fields][1][country]"]');
    const state = form.locator('[name="wpforms[fields][1][state]"]');
    await expect(country).toHaveValue('United States (US)');
    await expect(countryValue).toHaveValue('US');
    // The United States' states, searchable.
    const stateBox = form.getByRole('combobox', { name: 'State' });
    await stateBox.click();
    await page.keyboard.type('calif');
    await page.keyboard.press('Enter');
    await expect(state).toHaveValue('CA');

    // "germ" and Enter: Germany, and its states in place of the American ones.
    await country.click();
    await page.keyboard.type('germ');
    await page.keyboard.press('Enter');
    await expect(countryValue).toHaveValue('DE');
    await expect(state).toHaveValue('');
    await stateBox.click();
    await expect(form.getByRole('option', { name: 'Bayern' })).toBeVisible();
    await expect(form.getByRole('option', { name: 'California' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // A country without states in the data: a text box.
    await country.fill('hong');
    await page.keyboard.press('Enter');
    await expect(countryValue).toHaveValue('HK');
    await expect(form.getByRole('textbox', { name: 'State' })).toBeEnabled();

    // Seed 002 §4: a country listed as without states clears and disables the state, optional.
    await form.getByRole('textbox', { name: 'State' }).fill('Kowloon');
    await country.fill('united kingdom');
    await page.keyboard.press('Enter');
    await expect(countryValue).toHaveValue('GB');
    await expect(state).toBeDisabled();
    await expect(state).toHaveValue('');
    await expect(state).toHaveAttribute('aria-required', 'false');
    await expectAccessible(page);
  }
});

test('fields keep their distance; the date and time pickers’ buttons are icons beside their inputs', async ({
  page,
}) => {
  await saveForm(fieldsForm);
  for (const { open } of where) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 1400 });
      await open(page, 'e2e-fields');
      const form = page.locator('form.wpforms-js');
      const gaps = await form.evaluate((element) => {
        const fields = [...element.querySelectorAll<HTMLElement>('.wpforms-field[data-field-id]')];
        const shown = fields.filter((field) => field.getClientRects().length > 0);
        return shown.slice(1).map((field, i) => {
          const above = shown[i]!.getBoundingClientRect();
          return field.getBoundingClientRect().top - above.bottom;
        });
      });
      expect(gaps.length).toBeGreaterThan(5);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(16);

      for (const [label, button] of [
        ['Day', 'Choose date'],
        ['Time', 'Choose time'],
      ] as const) {
        const input = form.getByLabel(label, { exact: true });
        const toggle = form.getByRole('button', { name: button });
        // An icon the shop ships (inline SVG), no text that a font may lack.
        await expect(toggle.locator('svg')).toBeVisible();
        expect(await toggle.evaluate((el) => el.textContent?.trim() ?? '')).toBe('');
        expect(await toggle.evaluate((el) => getComputedStyle(el, '::before').content)).toMatch(
          /^(none|normal)$/,
        );
        const [box, beside] = [await input.boundingBox(), await toggle.boundingBox()];
        // Beside the input, on its line, and the pair no wider than the field.
        expect(beside!.x).toBeGreaterThanOrEqual(box!.x + box!.width - 1);
        expect(beside!.y).toBeLessThan(box!.y + box!.height);
        expect(beside!.y + beside!.height).toBeGreaterThan(box!.y);
      }
      await expectNoHorizontalScroll(page);
    }
  }
});

function pagesForm(id: string, style: 'connector' | 'circles', color = ''): FormDefinitionInput {
  return {
    id,
    title: `${style} test form`,
    fields: [
      { id: '1', type: 'text', label: 'Town' },
      { id: '10', type: 'pagebreak', title: 'Second' },
      { id: '2', type: 'text', label: 'Street' },
      { id: '11', type: 'pagebreak', title: 'Third' },
      { id: '3', type: 'text', label: 'Notes' },
    ],
    settings: { page_indicator: { style, title: 'First', color } },
  };
}

/** Where each step of a connector or circles indicator is, and how it is drawn. */
async function indicatorSteps(form: Locator) {
  return form.locator('.wpforms-page-indicator-page').evaluateAll((steps) =>
    steps.map((step) => {
      const number = step.querySelector<HTMLElement>('.wpforms-page-indicator-page-number')!;
      const triangle = step.querySelector<HTMLElement>('.wpforms-page-indicator-page-triangle');
      const box = number.getBoundingClientRect();
      const style = getComputedStyle(number);
      const shown = triangle && triangle.getClientRects().length > 0 ? triangle : null;
      return {
        active: step.classList.contains('active'),
        left: box.left,
        right: box.right,
        top: box.top,
        bottom: box.bottom,
        width: box.width,
        height: box.height,
        radius: style.borderTopLeftRadius,
        background: style.backgroundColor,
        color: style.color,
        triangle: shown
          ? {
              top: shown.getBoundingClientRect().top,
              color: getComputedStyle(shown).borderTopColor,
              width: shown.getBoundingClientRect().width,
            }
          : null,
      };
    }),
  );
}

test('the connector indicator joins its steps and points at the current one; circles stay circles', async ({
  page,
}) => {
  await saveForm(pagesForm('e2e-connector', 'connector'));
  await saveForm(pagesForm('e2e-circles', 'circles', '#0b5cad'));
  const brown = 'rgb(138, 59, 18)';
  for (const { open } of where) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, 'e2e-connector');
      const form = page.locator('form.wpforms-js');
      for (const current of [0, 1]) {
        const steps = await indicatorSteps(form);
        expect(steps.map((s) => s.active)).toEqual([0, 1, 2].map((i) => i === current));
        // One bar of three steps joined end to end, the current one coloured with its number.
        for (let i = 1; i < steps.length; i++) {
          expect(Math.abs(steps[i]!.left - steps[i - 1]!.right)).toBeLessThanOrEqual(1);
          expect(steps[i]!.top).toBeCloseTo(steps[0]!.top, 0);
        }
        const active = steps[current]!;
        expect(active.background).toBe(brown);
        expect(active.color).toBe('rgb(255, 255, 255)');
        expect(steps.filter((s) => s.background === brown)).toHaveLength(1);
        // The current step's triangle, in its colour, under it; no other step has one.
        expect(steps.filter((s) => s.triangle)).toHaveLength(1);
        expect(active.triangle?.color).toBe(brown);
        expect(active.triangle!.top).toBeGreaterThanOrEqual(active.bottom - 1);
        await expectAccessible(page);
        if (current === 0) {
          await form.getByRole('button', { name: 'Next' }).click();
          await expect(form.getByLabel('Street')).toBeVisible();
        }
      }
      await expectNoHorizontalScroll(page);

      await open(page, 'e2e-circles');
      const circles = await indicatorSteps(page.locator('form.wpforms-js'));
      expect(circles.map((s) => s.active)).toEqual([true, false, false]);
      for (const step of circles) {
        expect(step.radius).toBe('50%');
        expect(step.width).toBeCloseTo(step.height, 0);
        expect(step.triangle).toBeNull();
      }
      expect(circles[0]!.background).toBe('rgb(11, 92, 173)');
      expect(circles[1]!.left - circles[0]!.right).toBeGreaterThan(8);
    }
  }
});

test('a payment field’s image choices show their pictures', async ({ page }) => {
  const picture = (fill: string) =>
    `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"><rect width="80" height="60" fill="${fill}"/></svg>`)}`;
  await saveForm({
    id: 'e2e-pictures',
    title: 'Pictures test form',
    fields: [
      {
        id: '1',
        type: 'payment-multiple',
        label: 'Piece',
        image_choices: true,
        choices: [
          { label: 'Canvas Tote', value: 'tote', price: 1800, image: picture('#8a3b12') },
          { label: 'Linen Shirt', value: 'shirt', price: 3200, image: picture('#0b5cad') },
        ],
      },
      {
        id: '2',
        type: 'payment-checkbox',
        label: 'Extras',
        image_choices: true,
        choices: [{ label: 'Gift wrap', value: 'wrap', price: 300, image: picture('#1a7f37') }],
      },
      { id: '3', type: 'payment-total', label: 'Total' },
    ],
  });
  for (const { open } of where) {
    await open(page, 'e2e-pictures');
    const form = page.locator('form.wpforms-js');
    const pictures = form.locator('.wpforms-image-choices label img');
    await expect(pictures).toHaveCount(3);
    for (const picture of await pictures.all()) {
      await expect(picture).toBeVisible();
      expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(80);
    }
    await form.getByRole('radio', { name: 'Linen Shirt – $32.00' }).check();
    await expect(form.locator('li.wpforms-selected')).toHaveCount(1);
    await expect(form.locator('[data-field-id="3"] output')).toHaveText('$32.00');
    await expectAccessible(page);
  }
});

test('a form looks the same embedded as on its own page: one stylesheet, one font stack', async ({
  page,
}) => {
  await saveForm(fieldsForm);
  await page.setViewportSize({ width: 1280, height: 1400 });
  const properties = [
    'font-family',
    'font-size',
    'font-weight',
    'font-style',
    'line-height',
    'color',
    'letter-spacing',
    'text-transform',
    'text-decoration-line',
    'text-underline-offset',
    'display',
    'margin-top',
    'margin-right',
    'margin-bottom',
    'margin-left',
    'padding-top',
    'padding-right',
    'padding-bottom',
    'padding-left',
    'border-top-width',
    'border-top-style',
    'border-top-color',
    'border-left-width',
    'box-shadow',
    'background-color',
  ];
  const looks = () =>
    page.locator('.wpforms-container').evaluate(
      (container, names) =>
        [container, ...container.querySelectorAll('*')]
          .filter((element) => element.getClientRects().length > 0)
          .map((element) => {
            const style = getComputedStyle(element);
            const name = `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}#${element.id}`;
            return [name, ...names.map((n) => `${n}: ${style.getPropertyValue(n)}`)].join('\n  ');
          }),
      properties,
    );
  for (const formId of ['contact', 'order', 'e2e-fields']) {
    await openForm(page, formId);
    const own = await looks();
    await page.goto(`${HOST}/?form=${formId}`);
    await page.locator('form.wpforms-js').waitFor();
    expect(await looks()).toEqual(own);
  }
  // A refused field is marked the same way in both places: its border in the error colour.
  for (const { open } of where) {
    await open(page, 'contact');
    await page.getByRole('button', { name: 'Submit' }).click();
    const name = page.getByLabel('Name');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveCSS('border-top-color', 'rgb(180, 35, 24)');
    await expect(name).toHaveCSS('border-top-width', '2px');
  }
});
