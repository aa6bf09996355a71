/**
 * The bench's yardsticks, each a bare node:http server in a process of its own (started with
 * `node -e`), and the server CPU a run cost, read from /proc so it needs nothing from the server:
 * - BARE_SERVER answers a fixed small JSON: what node:http itself costs per answer.
 * - bareReplayServer() answers a given head and body as they are: what node:http costs to send the
 *   same bytes as a page of ours, with nothing of ours in the way.
 * - bareSigningServer() reads the body and answers a validate-sized JSON whose payload it signs
 *   with Ed25519 for each answer: the floor of a signed validate on this machine.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const BARE_SERVER = `
const body = JSON.stringify({ success: true, message: 'hello' });
require('node:http').createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}).listen(0, '127.0.0.1', function () { console.log('Listening on http://127.0.0.1:' + this.address().port); });
`;

/** `headers`: name, value, name, value... as writeHead takes them; the same answer to every request. */
export function bareReplayServer(headers: readonly string[], body: Buffer): string {
  return `
const headers = ${JSON.stringify(headers)};
const body = Buffer.from(${JSON.stringify(body.toString('base64'))}, 'base64');
require('node:http').createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(0, '127.0.0.1', function () { console.log('Listening on http://127.0.0.1:' + this.address().port); });
`;
}

/**
 * `answer` is a real validate answer: the server signs a payload of its payload's length and
 * answers the same text with that signature, so it writes as many bytes as validate does.
 */
export function bareSigningServer(answer: string): string {
  const parsed = JSON.parse(answer) as { signature: { payload: string; sig: string } };
  const [before, after] = answer.split(parsed.signature.sig) as [string, string];
  return `
const { generateKeyPairSync, sign } = require('node:crypto');
const { privateKey } = generateKeyPairSync('ed25519');
const payloadLength = ${parsed.signature.payload.length};
const before = ${JSON.stringify(before)};
const after = ${JSON.stringify(after)};
let counter = 0;
require('node:http').createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    // Each answer's payload differs (as validate's nonce and time do).
    const payload = String(counter++).padStart(payloadLength, 'x');
    const sig = sign(null, Buffer.from('LOOPBOT-LICENSE-V1\\n' + payload), privateKey).toString('base64url');
    const body = before + sig + after;
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
}).listen(0, '127.0.0.1', function () { console.log('Listening on http://127.0.0.1:' + this.address().port); });
`;
}

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Waits until a server uses under a tenth of a core for a second (at most a minute): work left
 * from start-up (pages rendered again, a snapshot) or from the previous row (a snapshot after a
 * write-heavy row) then does not land in the next row's figures.
 */
export async function quietProcess(pid: number): Promise<void> {
  const until = Date.now() + 60_000;
  let calm = 0;
  while (calm < 2 && Date.now() < until) {
    const before = cpuSeconds(pid);
    await new Promise((done) => setTimeout(done, 500));
    calm = cpuSeconds(pid) - before < 0.05 ? calm + 1 : 0;
  }
}

/**
 * Ed25519 signing alone on one thread, an answer-sized payload and nothing else, for a second:
 * signatures per second of wall time, and CPU per signature (steadier on a shared machine).
 */
export function signingAlone(payloadLength = 560): { perSecond: number; cpuMicros: number } {
  const { privateKey } = generateKeyPairSync('ed25519');
  const payload = Buffer.from(`LOOPBOT-LICENSE-V1\n${'x'.repeat(payloadLength)}`);
  const started = performance.now();
  const cpu = process.cpuUsage();
  let count = 0;
  while (performance.now() - started < 1000) {
    for (let index = 0; index < 100; index++) sign(null, payload, privateKey);
    count += 100;
  }
  const used = process.cpuUsage(cpu);
  return { perSecond: (count * 1000) / (performance.now() - started), cpuMicros: (used.user + used.system) / count };
}
