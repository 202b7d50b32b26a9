import type { CSSProperties, ReactNode } from 'react';
import { format, messages } from '../messages/index.ts';

/** Mail programs ignore style sheets: every style is inline, from these few. */
const font = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
export const mailStyles = {
  body: { margin: 0, padding: 0, background: '#f6f4f0', color: '#1f2328', fontFamily: font },
  card: { width: '100%', maxWidth: 600, background: '#ffffff', borderCollapse: 'collapse' },
  banner: { background: '#8a3b12', color: '#ffffff', padding: '20px 28px', fontSize: 20 },
  content: { padding: '24px 28px', fontSize: 16, lineHeight: 1.55 },
  heading: { margin: '0 0 16px', fontSize: 24, lineHeight: 1.25, color: '#1f2328' },
  subheading: { margin: '24px 0 8px', fontSize: 18, color: '#1f2328' },
  footer: { padding: '16px 28px', fontSize: 13, color: '#57606a', textAlign: 'center' },
  table: { width: '100%', borderCollapse: 'collapse', margin: '8px 0 16px' },
  cell: { border: '1px solid #d8dee4', padding: '8px 10px', textAlign: 'left' },
  button: {
    display: 'inline-block',
    background: '#8a3b12',
    color: '#ffffff',
    padding: '10px 18px',
    borderRadius: 6,
    textDecoration: 'none',
    fontWeight: 600,
  },
  link: { color: '#8a3b12' },
} satisfies Record<string, CSSProperties>;

/**
 * The shop's mail: its name on a banner, a heading, the mail's own content and a footer, as a
 * centred card at most 600 px wide (the width mail programs handle well).
 */
export function MailLayout({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{heading}</title>
      </head>
      <body style={mailStyles.body}>
        <table role="presentation" width="100%" style={{ borderCollapse: 'collapse' }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 8px' }}>
                <table role="presentation" style={mailStyles.card}>
                  <tbody>
                    <tr>
                      <td className="mail-banner" style={mailStyles.banner}>
                        {messages.shopName}
                      </td>
                    </tr>
                    <tr>
                      <td style={mailStyles.content}>
                        <h1 style={mailStyles.heading}>{heading}</h1>
                        {children}
                      </td>
                    </tr>
                    <tr>
                      <td style={mailStyles.footer}>
                        {format(messages.mail.footer, { shop: messages.shopName })}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}
