import { Fragment } from 'react';
import { addressLines } from '../platform/address/address-format.ts';
import type { Tx } from '../platform/db/database.ts';
import { MailLayout, mailStyles } from '../platform/mail/mail-layout.tsx';
import { queueMail, type Mail } from '../platform/mail/mail.ts';
import { renderMail } from '../platform/mail/render.tsx';
import { format, messages } from '../platform/messages/index.ts';
import { formatDate } from '../ui/dates.ts';
import { useFormatMoney } from '../ui/money.tsx';
import type { Order } from './order.ts';

const text = messages.mail;
const shop = messages.shopName;

/** What the order mails need to know of the shop: where its own copies go (SHOP_EMAIL). */
export interface OrderMailSettings {
  shopEmail: string;
}

function fullName(order: Order): string {
  return `${order.billing.first_name} ${order.billing.last_name}`.trim();
}

function Paragraph({ children }: { children: React.ReactNode }) {
  return <p style={{ margin: '0 0 12px' }}>{children}</p>;
}

function Lines({ lines }: { lines: string[] }) {
  return lines.map((line, index) => (
    <Fragment key={index}>
      {index > 0 && <br />}
      {line}
    </Fragment>
  ));
}

/** The order as WooCommerce's mails show it: items, totals, payment method, note, addresses. */
function OrderDetails({ order }: { order: Order }) {
  const formatMoney = useFormatMoney(order.currency);
  const cell = mailStyles.cell;
  const totals: [string, string][] = [
    [text.subtotal, formatMoney(order.subtotal)],
    ...(order.discountTotal > 0
      ? [[text.discount, `-${formatMoney(order.discountTotal)}`] as [string, string]]
      : []),
    ...(order.shippingMethod
      ? [
          [
            text.shipping,
            order.shippingTotal > 0
              ? format(text.shippingVia, {
                  amount: formatMoney(order.shippingTotal),
                  method: order.shippingMethod.title,
                })
              : order.shippingMethod.title,
          ] as [string, string],
        ]
      : []),
    ...(order.taxTotal > 0 ? [[text.tax, formatMoney(order.taxTotal)] as [string, string]] : []),
    [text.paymentMethod, order.paymentMethodTitle],
    [text.total, formatMoney(order.total)],
  ];
  return (
    <>
      <h2 style={mailStyles.subheading}>
        {format(text.orderTitle, { number: order.id, date: formatDate(order.createdAt) })}
      </h2>
      <table className="mail-data" style={mailStyles.table}>
        <thead>
          <tr>
            <th scope="col" style={cell}>
              {text.product}
            </th>
            <th scope="col" style={cell}>
              {text.quantity}
            </th>
            <th scope="col" style={cell}>
              {text.price}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={index}>
              <td style={cell}>{line.name}</td>
              <td style={cell}>{line.quantity}</td>
              <td style={cell}>{formatMoney(line.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totals.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" colSpan={2} style={cell}>
                {label}
              </th>
              <td style={cell}>{value}</td>
            </tr>
          ))}
          {order.customerNote !== '' && (
            <tr>
              <th scope="row" colSpan={2} style={cell}>
                {text.note}
              </th>
              <td style={cell}>{order.customerNote}</td>
            </tr>
          )}
        </tfoot>
      </table>
      <Addresses order={order} />
    </>
  );
}

function Addresses({ order }: { order: Order }) {
  const billing = [...addressLines(order.billing), order.billing.phone, order.billing.email].filter(
    (line) => line !== '',
  );
  const shipping = order.shippingAddress
    ? addressLines({ country: '', ...order.shippingAddress })
    : [];
  return (
    <>
      <h2 style={mailStyles.subheading}>{text.billingAddress}</h2>
      <address style={{ fontStyle: 'normal' }}>
        <Lines lines={billing} />
      </address>
      {shipping.length > 0 && (
        <>
          <h2 style={mailStyles.subheading}>{text.shippingAddress}</h2>
          <address style={{ fontStyle: 'normal' }}>
            <Lines lines={shipping} />
          </address>
        </>
      )}
    </>
  );
}

/** A voucher to pay (Boleto, OXXO, Multibanco): its number, when it is due, and its page. */
function Voucher({ voucher }: { voucher: NonNullable<Order['voucher']> }) {
  return (
    <>
      <h2 style={mailStyles.subheading}>{messages.voucherHeading}</h2>
      <Paragraph>
        {messages.voucherNumber}: <strong>{voucher.number}</strong>
      </Paragraph>
      {voucher.expiresAt && (
        <Paragraph>
          {messages.voucherExpires}: <strong>{formatDate(voucher.expiresAt)}</strong>
        </Paragraph>
      )}
      {voucher.url && (
        <Paragraph>
          <a href={voucher.url} style={mailStyles.button}>
            {messages.voucherOpen}
          </a>
        </Paragraph>
      )}
    </>
  );
}

/** To the customer, once the order is processing or on-hold (WooCommerce's two customer mails). */
export function OrderReceivedMail({ order }: { order: Order }) {
  const name = order.billing.first_name.trim();
  const onHold = order.status === 'on-hold';
  return (
    <MailLayout heading={text.orderReceivedHeading}>
      <Paragraph>{name ? format(text.greeting, { name }) : text.greetingNoName}</Paragraph>
      <Paragraph>
        {format(onHold ? text.onHoldIntro : text.processingIntro, { number: order.id })}
      </Paragraph>
      {onHold && order.voucher && <Voucher voucher={order.voucher} />}
      {order.paymentMethod === 'cod' && <Paragraph>{messages.codDescription}</Paragraph>}
      <OrderDetails order={order} />
      <p style={{ margin: '24px 0 0' }}>{text.thanks}</p>
    </MailLayout>
  );
}

/** To the shop: a new order to fulfil. */
export function NewOrderMail({ order }: { order: Order }) {
  return (
    <MailLayout heading={format(text.newOrderHeading, { number: order.id })}>
      <Paragraph>{format(text.newOrderIntro, { name: fullName(order) })}</Paragraph>
      <OrderDetails order={order} />
    </MailLayout>
  );
}

/** To the shop: an order's payment failed. */
export function FailedOrderMail({ order }: { order: Order }) {
  return (
    <MailLayout heading={format(text.failedOrderHeading, { number: order.id })}>
      <Paragraph>
        {format(text.failedOrderIntro, { number: order.id, name: fullName(order) })}
      </Paragraph>
      <OrderDetails order={order} />
    </MailLayout>
  );
}

/**
 * The mails an order's new status calls for, as WooCommerce sends them. Processing or on-hold:
 * the customer's (one per status, so a voucher paid later brings the processing one too) and
 * the shop's new-order mail (once, whichever comes first); failed: the shop's failed-order mail.
 */
export function orderStatusMails(order: Order, settings: OrderMailSettings): Mail[] {
  const number = order.id;
  if (order.status === 'processing' || order.status === 'on-hold') {
    const customer: Mail[] =
      order.billing.email === ''
        ? []
        : [
            {
              key: `order:${number}:customer-${order.status}`,
              to: order.billing.email,
              subject: format(text.orderReceivedSubject, { shop }),
              ...renderMail(<OrderReceivedMail order={order} />),
            },
          ];
    return [
      ...customer,
      {
        key: `order:${number}:new`,
        to: settings.shopEmail,
        ...(order.billing.email !== '' && { replyTo: order.billing.email }),
        subject: format(text.newOrderSubject, { shop, number }),
        ...renderMail(<NewOrderMail order={order} />),
      },
    ];
  }
  if (order.status === 'failed') {
    return [
      {
        key: `order:${number}:failed`,
        to: settings.shopEmail,
        subject: format(text.failedOrderSubject, { shop, number }),
        ...renderMail(<FailedOrderMail order={order} />),
      },
    ];
  }
  return [];
}

/** What the orders call in the transaction that moved an order: queues its status's mails. */
export function orderStatusMailer(settings: OrderMailSettings) {
  return async (tx: Tx, order: Order): Promise<void> => {
    for (const mail of orderStatusMails(order, settings)) await queueMail(tx, mail);
  };
}
