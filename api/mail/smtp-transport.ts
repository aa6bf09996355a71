/**
 * The one file that knows nodemailer: an SMTP transport from `SMTP_URL` that sends plain-text
 * messages and says, on failure, whether trying again later can help.
 */
import { createTransport } from 'nodemailer';

export type OutgoingMail = { to: string; subject: string; text: string; messageId: string };

export type MailTransport = {
  /** Resolves once the SMTP server accepted the message; rejects with a DeliveryError. */
  send: (mail: OutgoingMail, signal?: AbortSignal) => Promise<void>;
  close: () => void;
};

export class DeliveryError extends Error {
  constructor(
    message: string,
    /** The server refused the message for good (a 5xx answer to the recipient or the message). */
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** Waits this long for the server at each step, so a dead server costs an attempt, not a hung sender. */
const CONNECT_TIMEOUT_MS = 15_000;
const SOCKET_TIMEOUT_MS = 60_000;

type NodemailerFailure = { message?: string; code?: string; responseCode?: number; response?: string };

/** One line for the outbox's last error: the server's answer when there was one, never the credentials. */
export function describeFailure(error: unknown): DeliveryError {
  const failure = (error ?? {}) as NodemailerFailure;
  const response = failure.response?.replace(/\s+/g, ' ').trim();
  const text = response || failure.message || String(error);
  const code = failure.code ? `${failure.code}: ` : '';
  // A 5xx about the envelope or the message will be refused again; a 5xx login failure is the
  // owner's configuration, which can be fixed, so it keeps being retried.
  const permanent = typeof failure.responseCode === 'number' && failure.responseCode >= 500 && failure.code !== 'EAUTH';
  return new DeliveryError(`${code}${text}`.slice(0, 500), permanent);
}

/** The domain of the From address: the right side of message ids, as mail servers expect. */
export function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    async send(mail, signal) {
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          messageId: mail.messageId,
          signal,
        });
      } catch (error) {
        throw describeFailure(error);
      }
    },
    close: () => transport.close(),
  };
}
