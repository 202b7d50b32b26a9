import { pageTexts } from './texts.ts';

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Minor units as a person reads them: 4500 usd -> $45.00; 500 jpy -> ¥500. */
export function formatAmount(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

export function formatExpiry(unixSeconds: number): string {
  const format = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return `${format.format(new Date(unixSeconds * 1000))} UTC`;
}

/** A list of label/value rows: the amount, the method, a voucher's number. */
export function facts(rows: [label: string, value: string, className?: string][]): string {
  const items = rows
    .map(
      ([label, value, className]) =>
        `<dt>${escapeHtml(label)}</dt><dd${className ? ` class="${className}"` : ''}>${escapeHtml(value)}</dd>`,
    )
    .join('');
  return `<dl>${items}</dl>`;
}

const style = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem;
  background:#eef0f3;color:#1a1f29;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:30rem;background:#fff;border:1px solid #d0d5dd;border-radius:12px;
  padding:1.5rem;box-shadow:0 4px 16px rgb(16 24 40 / 8%)}
.badge{display:inline-block;margin:0 0 .75rem;padding:.125rem .625rem;border-radius:999px;
  background:#fff4ce;color:#6b4200;border:1px solid #c9a227;font-size:.875rem;font-weight:700}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 .5rem}
p{margin:.5rem 0}
.note{color:#475467;font-size:.875rem;margin-top:1.25rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.375rem 1rem;margin:1rem 0;padding:.75rem 1rem;
  background:#f6f7f9;border-radius:8px}
dt{color:#475467}
dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere}
dd.number{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.04em}
form{margin:0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}
button,.button{flex:1 1 9rem;display:inline-flex;align-items:center;justify-content:center;
  min-height:2.75rem;padding:.625rem 1rem;border-radius:8px;font:inherit;font-weight:600;
  cursor:pointer;text-decoration:none}
.primary{background:#1d4ed8;color:#fff;border:2px solid #1d4ed8}
.primary:hover{background:#1e3a8a;border-color:#1e3a8a}
.secondary{background:#fff;color:#b42318;border:2px solid #b42318}
.secondary:hover{background:#fef3f2}
.plain{background:#fff;color:#1d4ed8;border:2px solid #1d4ed8}
.plain:hover{background:#eff4ff}
.link{color:#1d4ed8}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:3px}
@media (max-width:480px){main{padding:1.25rem}h1{font-size:1.25rem}
  dl{grid-template-columns:1fr;gap:0}dd{text-align:left;margin-bottom:.5rem}dd:last-child{margin-bottom:0}}
`;

/** The processor's page frame: one centred card, marked as test mode. */
export function htmlPage(title: string, heading: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${title} – ${pageTexts.testMode}`)}</title>
<style>${style}</style>
</head>
<body>
<main aria-labelledby="page-title">
<p class="badge">${escapeHtml(pageTexts.testMode)}</p>
<h1 id="page-title">${escapeHtml(heading)}</h1>
${body}
<p class="note">${escapeHtml(pageTexts.testModeNote)}</p>
</main>
</body>
</html>
`;
}
