/**
 * Delivers the outbox in the background. One sender at a time across instances (the store's
 * exclusive job); it wakes when mail is queued (here or, through the change feed, elsewhere) and
 * when the next retry is due. Each attempt is recorded as under way before the SMTP server is
 * contacted and as sent the moment the server's 250 arrives (nodemailer resolves on it, without
 * waiting for QUIT), and one cut short by a crash is queued again at the next start. SMTP is
 * at-least-once: a crash between the server taking the message and its 250 reaching us sends it
 * again, with the same Message-ID, so mail clients show one message.
 */
import {
  dueMail,
  isVisitorMail,
  markAttemptFailed,
  markSent,
  nextDueAt,
  requeueInterrupted,
  startAttempt,
} from '../../data/outbox';
import type { MailRow } from '../../data/outbox';
import type { CoreContext } from '../core-context';
import { DeliveryError, senderDomain } from './smtp-transport';
import type { MailTransport } from './smtp-transport';
import { HOUR_MS } from '../../contract/rules/durations';

export const OUTBOX_TOPIC = 'outbox';
export const MAX_ATTEMPTS = 10;
const MAX_RETRY_DELAY_MS = HOUR_MS;
/** Looks for due mail at least this often, whatever it was told (another instance may hold the job). */
const POLL_MS = 60_000;
const BATCH = 20;
/** On shutdown, an attempt under way gets this long to finish before it is cut off. */
const CLOSE_GRACE_MS = 10_000;

/** The wait before the next attempt: base, twice that, four times... at most an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** The same id on every attempt of one message: a copy delivered twice is recognisably one message. */
export function messageIdOf(row: Pick<MailRow, 'id' | 'created_at'>, from: string): string {
  return `<outbox-${row.id}-${Date.parse(row.created_at).toString(36)}@${senderDomain(from)}>`;
}

/**
 * The due rows up to the first visitor's link: the sender looks again after each such link, so a
 * payment's mail queued meanwhile waits for one link at most (docs/spec.md#outbox).
 */
export function upToFirstVisitorMail(due: readonly MailRow[]): readonly MailRow[] {
  const first = due.findIndex(isVisitorMail);
  return first === -1 ? due : due.slice(0, first + 1);
}

export class MailSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private wanted = false;
  private closed = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly ctx: CoreContext,
    private readonly transport: MailTransport,
    private readonly from: string,
  ) {}

  /** Look for due mail now (coalesced with a run under way: it looks again when done). */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.wanted = true;
      return;
    }
    this.schedule(0);
  }

  /** Resolves once the run under way, if any, has ended. */
  async settled(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  /** Stops scheduling; lets an attempt under way finish (or cuts it off after a grace time). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.running) {
      const grace = setTimeout(() => this.abort.abort(), CLOSE_GRACE_MS);
      await this.running.catch(() => undefined);
      clearTimeout(grace);
    }
    this.transport.close();
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), Math.max(0, Math.min(delayMs, POLL_MS)));
    this.timer.unref();
  }

  private async run(): Promise<void> {
    if (this.closed || this.running) return;
    this.wanted = false;
    let next = POLL_MS;
    this.running = (async () => {
      try {
        const ran = await this.ctx.db.exclusive('mail-sender', (held) => this.deliverDue(held));
        if (ran) {
          const due = await nextDueAt(this.ctx.db);
          if (due) next = Date.parse(due) - this.ctx.now().getTime();
        }
      } catch (error) {
        this.ctx.log.error('mail: the sender failed; trying again in a minute', error);
      }
    })();
    await this.running;
    this.running = undefined;
    if (!this.closed) this.schedule(this.wanted ? 0 : next);
  }

  /** `held` aborts when this instance lost the job's lock: another sender may be running now. */
  private async deliverDue(held: AbortSignal): Promise<void> {
    const interrupted = await requeueInterrupted(this.ctx.db, this.ctx.now().toISOString());
    if (interrupted > 0)
      this.ctx.log.warn(`mail: ${interrupted} message(s) whose sending was cut short are queued again`);
    for (;;) {
      const due = await dueMail(this.ctx.db, this.ctx.now().toISOString(), BATCH);
      if (due.length === 0) return;
      for (const row of upToFirstVisitorMail(due)) {
        if (this.closed || held.aborted) return;
        await this.deliver(row, held);
      }
    }
  }

  private async deliver(row: MailRow, held: AbortSignal): Promise<void> {
    if (!(await startAttempt(this.ctx.db, row.id, this.ctx.now().toISOString()))) return;
    const attempts = row.attempts + 1;
    try {
      await this.transport.send(
        { to: row.to_address, subject: row.subject, text: row.body, messageId: messageIdOf(row, this.from) },
        AbortSignal.any([this.abort.signal, held]),
      );
    } catch (error) {
      // Cut off because the lock was lost: the attempt stays under way, and the sender that holds
      // the job next queues it again (requeueInterrupted) instead of this one overwriting its state.
      if (held.aborted) return;
      const failure = error instanceof DeliveryError ? error : new DeliveryError(String(error), false);
      const now = this.ctx.now().getTime();
      const retry = !failure.permanent && attempts < MAX_ATTEMPTS;
      const retryAt = retry
        ? new Date(now + retryDelayMs(attempts, this.ctx.config.mail.retryBaseS * 1000)).toISOString()
        : undefined;
      await markAttemptFailed(this.ctx.db, row.id, failure.message, new Date(now).toISOString(), retryAt);
      this.ctx.log.warn(
        `mail: message ${row.id} to ${row.to_address} not sent (attempt ${attempts}${retry ? '' : ', giving up'}): ${failure.message}`,
      );
      return;
    }
    await markSent(this.ctx.db, row.id, this.ctx.now().toISOString());
  }
}
