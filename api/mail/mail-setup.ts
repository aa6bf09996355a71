/**
 * E-mail, set up once: the outbox's sender (when `SMTP_URL` is set; without it mail stays queued
 * and the dashboard says so) and the renewal reminder scan, at start and every
 * `REMINDER_SCAN_INTERVAL_S`. Both run as the store's exclusive jobs, so with several instances
 * each runs once.
 */
import type { CoreContext } from '../core-context';
import { MailSender, OUTBOX_TOPIC } from './mail-sender';
import { scanReminders } from './reminder-scan';
import { createSmtpTransport } from './smtp-transport';
import { setupVisitorLinkCeiling } from './visitor-link-ceiling';
import type { VisitorLinkCeiling } from './visitor-link-ceiling';

export type MailService = {
  /** False without SMTP_URL: messages are queued and wait. */
  configured: boolean;
  /** Call after committing mail to the outbox: the sender (here or on another instance) looks now. */
  queued: () => void;
  /** One reminder scan now (also what the interval runs); resolves with the reminders queued, 0 when another instance scans. */
  scanReminders: () => Promise<number>;
  /** The shop-wide ceiling on sign-in and trial link e-mails an hour. */
  visitorLinks: VisitorLinkCeiling;
};

export function setupMail(ctx: CoreContext): MailService {
  const { smtpUrl, from, reminderScanIntervalS } = ctx.config.mail;
  const sender = smtpUrl && from ? new MailSender(ctx, createSmtpTransport(smtpUrl, from), from) : undefined;
  const stopListening = ctx.db.changes.onRemote(OUTBOX_TOPIC, () => sender?.wake());
  const queued = (): void => {
    sender?.wake();
    void ctx.db.changes.notify(OUTBOX_TOPIC).catch(() => undefined);
  };

  let scanning: Promise<unknown> = Promise.resolve();
  const scan = async (): Promise<number> => {
    let count = 0;
    const run = ctx.db.exclusive('reminder-scan', async () => {
      count = await scanReminders(ctx);
    });
    scanning = run.catch(() => undefined);
    await run;
    if (count > 0) queued();
    return count;
  };
  const scanQuietly = (): void => {
    void scan().catch((error: unknown) => ctx.log.error('mail: the reminder scan failed', error));
  };
  const first = setTimeout(scanQuietly, 0);
  const interval = setInterval(scanQuietly, reminderScanIntervalS * 1000);
  interval.unref();
  // Mail queued before a restart (or a crash) goes out now.
  sender?.wake();
  ctx.onClose(async () => {
    clearTimeout(first);
    clearInterval(interval);
    stopListening();
    await scanning;
    await sender?.close();
  });
  return {
    configured: sender !== undefined,
    queued,
    scanReminders: scan,
    visitorLinks: setupVisitorLinkCeiling(ctx, queued),
  };
}
