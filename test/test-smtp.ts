/**
 * A real SMTP server for tests (the `smtp-server` package) on a free port of 127.0.0.1: it keeps
 * every message it accepted, can refuse connections for a while (stop, then start again on the
 * same port) and can hold senders after MAIL FROM (to kill the shop mid-send). Use `url` as the
 * shop's SMTP_URL.
 */
import { SMTPServer } from 'smtp-server';
import { freePort } from './postgres-cluster';

export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  messageId: string;
  raw: string;
};

export type TestSmtp = {
  /** `smtp://shop:secret@127.0.0.1:PORT`: with credentials, as production would have. */
  url: string;
  port: number;
  /** Messages accepted (answered 250 after DATA), in order. */
  received: ReceivedMail[];
  /** Connections seen, accepted or not. */
  connections: () => number;
  /** Connections that ended (either side closed them), accepted or not. */
  closed: () => number;
  /** Senders that reached MAIL FROM since the last hold(). */
  mailFroms: () => number;
  /** Until release(), a sender waits after MAIL FROM without an answer. */
  hold: () => void;
  release: () => void;
  /** Until release(), the message is kept but the 250 to its DATA is not sent (a sender killed then cannot know it was taken). */
  holdAfterData: () => void;
  /** From now on RCPT TO this address (any case) is answered `550 5.1.1 No such user`, a permanent refusal. */
  refuse: (address: string) => void;
  /** Stops listening (connections are refused) until start(). */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** The first message to `to` (any case) matching `also` accepted within `timeoutMs`. */
  waitFor: (to: string, timeoutMs?: number, also?: (mail: ReceivedMail) => boolean) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

const USER = 'shop';
const PASSWORD = 'secret';

function unfoldHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_whole, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_whole, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The text of a single-part plain-text message as nodemailer writes it (7bit, quoted-printable or base64). */
export function parseMail(raw: string): Omit<ReceivedMail, 'from' | 'to' | 'raw'> {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = unfoldHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return {
    subject: decodeWords(headers.get('subject') ?? ''),
    text: text.replace(/\r\n/g, '\n').replace(/\n$/, ''),
    messageId: headers.get('message-id') ?? '',
  };
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let connections = 0;
  let closed = 0;
  let mailFroms = 0;
  let held: Array<() => void> | undefined;
  let heldData: Array<() => void> | undefined;
  let server: SMTPServer | undefined;
  const refused = new Set<string>();

  const make = (): SMTPServer =>
    new SMTPServer({
      logger: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      closeTimeout: 100,
      onConnect(_session, callback) {
        connections++;
        callback();
      },
      onClose() {
        closed++;
      },
      onAuth(auth, _session, callback) {
        if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
        else callback(new Error('Invalid username or password'));
      },
      onMailFrom(_address, _session, callback) {
        mailFroms++;
        if (held) held.push(() => callback());
        else callback();
      },
      onRcptTo(address, _session, callback) {
        if (!refused.has(address.address.toLowerCase())) return callback();
        callback(Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const envelope = session.envelope;
          received.push({
            from: envelope.mailFrom ? envelope.mailFrom.address : '',
            to: envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
            ...parseMail(raw),
          });
          if (heldData) heldData.push(() => callback());
          else callback();
        });
      },
    });

  const start = async (): Promise<void> => {
    server = make();
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
  };
  const stop = async (): Promise<void> => {
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await start();

  const release = (): void => {
    const waiting = [...(held ?? []), ...(heldData ?? [])];
    held = undefined;
    heldData = undefined;
    for (const resume of waiting) resume();
  };
  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    port,
    received,
    connections: () => connections,
    closed: () => closed,
    mailFroms: () => mailFroms,
    hold() {
      held ??= [];
      mailFroms = 0;
    },
    holdAfterData() {
      heldData ??= [];
    },
    release,
    refuse: (address) => refused.add(address.toLowerCase()),
    stop,
    start,
    async waitFor(to, timeoutMs = 5000, also = () => true) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(
          (mail) => mail.to.some((address) => address.toLowerCase() === to.toLowerCase()) && also(mail),
        );
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(
            `no e-mail to ${to} within ${timeoutMs} ms (received: ${received.map((mail) => mail.to.join()).join('; ') || 'none'})`,
          );
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      release();
      await stop();
    },
  };
}
