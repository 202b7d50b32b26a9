import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startSmtpCatcher } from '../src/platform/mail/testing/smtp-catcher.ts';

/**
 * Playwright's globalSetup: the SMTP server the shop under test sends to (SMTP_URL in
 * playwright.config.ts's webServer), for the whole run. Each mail it receives is written to
 * E2E_MAIL_DIR as JSON, where e2e/mail.ts's `waitForMail` looks. Returns the teardown.
 */
export default async function startMailServer(): Promise<() => Promise<void>> {
  const dir = process.env.E2E_MAIL_DIR!;
  await mkdir(dir, { recursive: true });
  let count = 0;
  const catcher = await startSmtpCatcher({
    port: Number(process.env.E2E_SMTP_PORT),
    async onMail(mail) {
      count += 1;
      const file = path.join(dir, `${Date.now()}-${count}.json`);
      await writeFile(`${file}.partial`, JSON.stringify(mail));
      await rename(`${file}.partial`, file);
    },
  });
  return async () => {
    await catcher.close();
    await rm(dir, { recursive: true, force: true });
  };
}
