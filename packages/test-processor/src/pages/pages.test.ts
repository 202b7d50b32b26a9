import { describe, expect, it } from 'vitest';
import { escapeHtml, formatAmount, formatExpiry } from './layout.ts';
import {
  authorizePage,
  challengePage,
  notFoundPage,
  resultPage,
  voucherPage,
  type PageIntent,
} from './pages.ts';

const payment: PageIntent = {
  kind: 'payment',
  clientSecret: 'pi_1_secret_"<x>',
  status: 'requires_action',
  amount: { minor: 4500, currency: 'usd' },
  methodLabel: 'Visa •••• 3155',
  methodTitle: 'Card',
};

describe('the test processor’s pages', () => {
  it('formats amounts in each currency’s minor units, and expiry dates in UTC', () => {
    expect(formatAmount(4500, 'usd')).toBe('$45.00');
    expect(formatAmount(500, 'jpy')).toBe('¥500');
    expect(formatAmount(1999, 'eur')).toBe('€19.99');
    expect(formatExpiry(Date.UTC(2026, 10, 25, 23, 59) / 1000)).toBe(
      '25 November 2026 at 23:59 UTC',
    );
  });

  it('escapes what it shows', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    const html = challengePage(payment, '/test-processor/challenge/pi_1');
    expect(html).toContain('value="pi_1_secret_&quot;&lt;x&gt;"');
    expect(html).not.toContain('"<x>');
  });

  it('frames every page the same accessible way: language, title, main, one h1, test mode', () => {
    const pages = [
      challengePage(payment, '/a'),
      authorizePage({ ...payment, methodLabel: 'iDEAL', methodTitle: 'iDEAL' }, '/b'),
      voucherPage(
        { ...payment, methodTitle: 'Multibanco' },
        {
          rows: [
            ['Entity', '12345'],
            ['Reference', '123456789'],
          ],
          expiresAt: 1_790_000_000,
          pdfUrl: null,
        },
        '/c',
        'https://shop.example/back',
      ),
      resultPage({ ...payment, status: 'succeeded' }, null),
      notFoundPage(),
    ];
    for (const html of pages) {
      expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(html).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
      );
      expect(html).toMatch(/<title>.+ – Test mode<\/title>/);
      expect(html.match(/<main /g)).toHaveLength(1);
      expect(html.match(/<h1 /g)).toHaveLength(1);
      expect(html).toContain('<p class="badge">Test mode</p>');
      expect(html).toContain(':focus-visible{outline:3px solid');
    }
  });

  it('asks with two submit buttons in one form that posts without JavaScript', () => {
    const html = authorizePage({ ...payment, methodLabel: 'Klarna', methodTitle: 'Klarna' }, '/x');
    expect(html).toContain('<h1 id="page-title">Authorize this Klarna payment</h1>');
    expect(html).toContain('<form method="post" action="/x">');
    expect(html).toContain(
      '<button type="submit" name="outcome" value="authorize" class="primary">Authorize</button>',
    );
    expect(html).toContain(
      '<button type="submit" name="outcome" value="fail" class="secondary">Fail</button>',
    );
  });

  it('shows a voucher with its numbers and expiry, and once paid no button', () => {
    const voucher = {
      rows: [['Voucher number', '0123']] as [string, string][],
      expiresAt: 1_790_000_000,
      pdfUrl: '/pdf',
    };
    const open = voucherPage({ ...payment, methodTitle: 'Boleto' }, voucher, '/v', null);
    expect(open).toContain('<dd class="number">0123</dd>');
    expect(open).toContain('>Simulate payment</button>');
    expect(open).toContain('href="/pdf"');
    const paid = voucherPage(
      { ...payment, status: 'succeeded', methodTitle: 'Boleto' },
      voucher,
      '/v',
      null,
    );
    expect(paid).not.toContain('Simulate payment');
    expect(paid).toContain('This voucher has been paid.');
  });

  it('says how a setup ended in its own words', () => {
    const html = resultPage(
      { ...payment, kind: 'setup', amount: null, status: 'succeeded' },
      'https://shop.example/',
    );
    expect(html).toContain('The payment method is saved.');
    expect(html).toContain('href="https://shop.example/"');
    expect(html).not.toContain('Amount');
  });
});
