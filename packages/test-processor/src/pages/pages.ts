import { escapeHtml, facts, formatAmount, formatExpiry, htmlPage } from './layout.ts';
import { fill, pageTexts as t } from './texts.ts';

/** What the processor's pages show of a payment or setup intent. */
export interface PageIntent {
  kind: 'payment' | 'setup';
  clientSecret: string;
  status: string;
  /** Payments only. */
  amount: { minor: number; currency: string } | null;
  /** "Visa •••• 3155", "iDEAL". */
  methodLabel: string;
  methodTitle: string;
}

export interface VoucherView {
  rows: [label: string, value: string][];
  expiresAt: number;
  pdfUrl: string | null;
}

function summary(intent: PageIntent): string {
  const rows: [string, string][] = [];
  if (intent.amount)
    rows.push([t.amount, formatAmount(intent.amount.minor, intent.amount.currency)]);
  rows.push([t.paymentMethod, intent.methodLabel]);
  return facts(rows);
}

function decisionForm(
  action: string,
  clientSecret: string,
  buttons: [value: string, label: string, className: string][],
): string {
  const controls = buttons
    .map(
      ([value, label, className]) =>
        `<button type="submit" name="outcome" value="${value}" class="${className}">${escapeHtml(label)}</button>`,
    )
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="client_secret" value="${escapeHtml(clientSecret)}">
<div class="actions">${controls}</div>
</form>`;
}

export function challengePage(intent: PageIntent, action: string): string {
  const heading = intent.kind === 'setup' ? t.challengeSetupHeading : t.challengeHeading;
  return htmlPage(
    t.challengeTitle,
    heading,
    `<p>${escapeHtml(t.challengeIntro)}</p>
${summary(intent)}
${decisionForm(action, intent.clientSecret, [
  ['complete', t.complete, 'primary'],
  ['fail', t.fail, 'secondary'],
])}`,
  );
}

export function authorizePage(intent: PageIntent, action: string): string {
  const method = { method: intent.methodTitle };
  const heading = intent.kind === 'setup' ? t.authorizeSetupHeading : t.authorizeHeading;
  return htmlPage(
    fill(t.authorizeTitle, method),
    fill(heading, method),
    `<p>${escapeHtml(t.authorizeIntro)}</p>
${summary(intent)}
${decisionForm(action, intent.clientSecret, [
  ['authorize', t.authorize, 'primary'],
  ['fail', t.fail, 'secondary'],
])}`,
  );
}

function returnLink(url: string | null): string {
  return url
    ? `<div class="actions"><a class="button plain" href="${escapeHtml(url)}">${escapeHtml(t.returnToShop)}</a></div>`
    : '';
}

export function voucherPage(
  intent: PageIntent,
  voucher: VoucherView,
  action: string,
  shopUrl: string | null,
): string {
  const paid = intent.status !== 'requires_action';
  const rows: [string, string, string?][] = [
    [t.amount, intent.amount ? formatAmount(intent.amount.minor, intent.amount.currency) : ''],
    ...voucher.rows.map(([label, value]): [string, string, string] => [label, value, 'number']),
    [t.expires, formatExpiry(voucher.expiresAt)],
  ];
  const pdf = voucher.pdfUrl
    ? `<p><a class="link" href="${escapeHtml(voucher.pdfUrl)}">${escapeHtml(t.downloadPdf)}</a></p>`
    : '';
  const pay = paid
    ? `<p role="status"><strong>${escapeHtml(t.voucherPaid)}</strong></p>`
    : `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="client_secret" value="${escapeHtml(intent.clientSecret)}">
<div class="actions"><button type="submit" class="primary">${escapeHtml(t.simulatePayment)}</button></div>
</form>`;
  return htmlPage(
    fill(t.voucherTitle, { method: intent.methodTitle }),
    fill(t.voucherHeading, { method: intent.methodTitle }),
    `<p>${escapeHtml(t.voucherIntro)}</p>
${facts(rows)}
${pdf}
${pay}
${returnLink(shopUrl)}`,
  );
}

/** Where an intent stands, for a page opened again after its question was answered. */
export function resultPage(intent: PageIntent, shopUrl: string | null): string {
  const texts = intent.kind === 'setup' ? { ...t.status, ...t.setupStatus } : t.status;
  return htmlPage(
    t.resultTitle,
    texts[intent.status] ?? intent.status,
    `${summary(intent)}
${shopUrl ? returnLink(shopUrl) : `<p>${escapeHtml(t.closeWindow)}</p>`}`,
  );
}

export function notFoundPage(): string {
  return htmlPage(t.notFoundTitle, t.notFoundTitle, `<p>${escapeHtml(t.notFoundText)}</p>`);
}
