import path from 'node:path';
import { data, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { Config } from '../../config/config.ts';
import { MAIL_OUTBOX_PAGE_SIZE } from '../../constants/index.ts';
import { format, messages } from '../../messages/index.ts';
import { listOutbox, outboxEntryName, readOutboxEntry } from '../outbox.ts';
import stylesheet from './outbox.css?url';

const text = messages.mail;

export const meta: MetaFunction = () => [
  { title: `${text.outboxTitle} – ${messages.shopName}` },
  { name: 'robots', content: 'noindex' },
];
export const headers = () => ({ 'Cache-Control': 'private, no-store' });
export const links = () => [{ rel: 'stylesheet', href: stylesheet }];

/**
 * The mail the shop wrote to its outbox folder (no SMTP settings), newest first, or one of them
 * (`/dev/outbox/{name}/`). Development only: in production this page does not exist (404).
 */
/** What this page reads of the page context: the shop's settings, no more. */
type OutboxLoaderArgs = LoaderFunctionArgs<{
  shop: { config: Pick<Config, 'production' | 'mail'> };
}>;

export async function loader({ params, context }: OutboxLoaderArgs) {
  const { config } = context.shop;
  if (config.production) throw data(null, { status: 404 });
  const dir = config.mail.outboxDir;
  const shown = path.relative(process.cwd(), dir) || dir;
  if (params.name === undefined) {
    const mails = await listOutbox(dir, MAIL_OUTBOX_PAGE_SIZE);
    return { dir: shown, mails, mail: null, file: '' };
  }
  const name = outboxEntryName(params.name);
  const mail = name && (await readOutboxEntry(dir, name));
  if (!mail) throw data(null, { status: 404 });
  return { dir: shown, mails: [], mail, file: path.join(shown, `${mail.name}.eml`) };
}

type OutboxData = Awaited<ReturnType<typeof loader>>;

const written = (iso: string) => new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC' });

function OutboxList({ dir, mails }: Pick<OutboxData, 'dir' | 'mails'>) {
  return (
    <div className="dev-outbox">
      <h1>{text.outboxTitle}</h1>
      <p>{format(text.outboxIntro, { dir })}</p>
      {mails.length === 0 ? (
        <p>{text.outboxEmpty}</p>
      ) : (
        <table className="shop_table dev-outbox-table">
          <thead>
            <tr>
              <th scope="col">{text.outboxDate}</th>
              <th scope="col">{text.outboxTo}</th>
              <th scope="col">{text.outboxSubject}</th>
            </tr>
          </thead>
          <tbody>
            {mails.map((mail) => (
              <tr key={mail.name}>
                <td>{format(text.outboxDateUtc, { date: written(mail.date) })}</td>
                <td>{mail.to}</td>
                <td>
                  <a href={`/dev/outbox/${mail.name}/`}>{mail.subject}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export default function Outbox({ loaderData }: { loaderData: OutboxData }) {
  const { mail } = loaderData;
  if (!mail) return <OutboxList dir={loaderData.dir} mails={loaderData.mails} />;
  return (
    <div className="dev-outbox">
      <p>
        <a href="/dev/outbox/">{text.outboxBack}</a>
      </p>
      <h1>{mail.subject}</h1>
      <dl className="dev-outbox-headers">
        <dt>{text.outboxFrom}</dt>
        <dd>{mail.from}</dd>
        <dt>{text.outboxTo}</dt>
        <dd>{mail.to}</dd>
        <dt>{text.outboxDate}</dt>
        <dd>{format(text.outboxDateUtc, { date: written(mail.date) })}</dd>
        <dt>{text.outboxFile}</dt>
        <dd>{loaderData.file}</dd>
      </dl>
      {/* The mail's HTML in a sandbox: no script, no forms, no access to the shop's page. */}
      <iframe className="dev-outbox-frame" title={mail.subject} sandbox="" srcDoc={mail.html} />
      <h2>{text.outboxPlainText}</h2>
      <pre className="dev-outbox-text">{mail.text}</pre>
    </div>
  );
}
