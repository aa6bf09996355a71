/** What both gateway simulators share: a loopback server, request bodies, JSON answers, deliveries. */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

/** A delivery the simulator made (a notification or callback) and the shop's answer to it. */
export type Delivery = { url: string; body: string; headers: Record<string, string>; status: number; answer: string };

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Listens on 127.0.0.1, port 0 (a free one); `url` is `http://127.0.0.1:PORT`. */
export async function listenLoopback(handler: Handler): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    readBody(req).then(
      (body) => handler(req, body, res),
      () => sendJson(res, 400, { message: 'unreadable body' }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}

export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Posts `body` as JSON, the way the gateways deliver; a loopback address only (no test reaches out). */
export async function deliver(url: string, body: string, headers: Record<string, string>): Promise<Delivery> {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host))
    throw new Error(`simulator delivers to loopback only: ${url}`);
  const all = { 'Content-Type': 'application/json', ...headers };
  const response = await fetch(url, { method: 'POST', headers: all, body });
  return { url, body, headers: all, status: response.status, answer: await response.text() };
}

/** A QRIS-like payload (EMV tags, CRC-16/CCITT-FALSE at the end) so a QR drawn from it looks real. */
export function qrisString(merchant: string, reference: string, amount: number): string {
  const tag = (id: string, value: string): string => `${id}${String(value.length).padStart(2, '0')}${value}`;
  const merchantInfo = tag('00', 'ID.CO.QRIS.WWW') + tag('01', '936009140000000000') + tag('02', merchant.slice(0, 15));
  const payload =
    tag('00', '01') +
    tag('01', '12') +
    tag('26', merchantInfo) +
    tag('52', '5816') +
    tag('53', '360') +
    tag('54', String(amount)) +
    tag('58', 'ID') +
    tag('59', 'LOOPBOT SIMULATOR') +
    tag('60', 'JAKARTA') +
    tag('62', tag('05', reference.slice(0, 25))) +
    '6304';
  let crc = 0xffff;
  for (const char of Buffer.from(payload, 'utf8')) {
    crc ^= char << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return payload + crc.toString(16).toUpperCase().padStart(4, '0');
}
