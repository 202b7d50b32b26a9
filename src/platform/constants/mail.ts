// Ours (issue 11): the mail queue (src/platform/mail). WooCommerce sends inline; we queue.

/**
 * A claimed mail is its sender's for this long. It must outlast the longest send (the SMTP
 * timeouts below, added up, with room to spare): a lease that ran out while its send still
 * went on would let a second server send the mail again.
 */
export const MAIL_LEASE_MS = 5 * 60_000;
/** SMTP: connecting, the server's greeting, and any silence afterwards, each at most this long. */
export const MAIL_SMTP_CONNECTION_TIMEOUT_MS = 15_000;
export const MAIL_SMTP_GREETING_TIMEOUT_MS = 15_000;
export const MAIL_SMTP_SOCKET_TIMEOUT_MS = 30_000;
/**
 * One send gives up waiting after this long; the mail stays claimed until its lease runs out
 * (its send might still be accepted), then any server tries it again.
 */
export const MAIL_SEND_TIMEOUT_MS = 90_000;
/** Tries of one mail before it is given up (and logged as an error). */
export const MAIL_MAX_ATTEMPTS = 8;
/** The wait before the next try doubles from this, up to the maximum: 30 s, 1, 2, 4 … 60 min. */
export const MAIL_RETRY_FIRST_MS = 30_000;
export const MAIL_RETRY_MAX_MS = 60 * 60_000;
/** Due mails read at a time by a sender. */
export const MAIL_SEND_BATCH = 20;
/** How often some app server looks for due mail (retries, and mail of a server that died). */
export const MAIL_SWEEP_MS = 10_000;
/** Sent and given-up mails are kept this long (their keys stop a repeated event mailing twice). */
export const MAIL_KEPT_MS = 30 * 24 * 60 * 60_000;
/** Closing, a server waits this long for a mail it is sending before it lets go. */
export const MAIL_STOP_WAIT_MS = 10_000;
/** The development outbox page lists this many mails, newest first. */
export const MAIL_OUTBOX_PAGE_SIZE = 100;
/** The shop's e-mail address rule (everywhere: checkout, accounts, reviews, forms): 6 to 254
 * characters, 63 for the local part and for each label of the domain. */
export const EMAIL_MIN_LENGTH = 6;
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 63;
export const EMAIL_DOMAIN_LABEL_MAX_LENGTH = 63;
