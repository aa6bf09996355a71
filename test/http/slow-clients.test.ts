import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyServerLimits, serverOptions } from '../../api/http/server-limits';
import type { ServerLimits } from '../../api/http/server-limits';
import { checkedFetch } from '../answer-check';
import { startServer } from '../harness';

const LIMITS: ServerLimits = { headersTimeoutMs: 1000, requestTimeoutMs: 2000, keepAliveTimeoutMs: 500 };

/**
 * Opens a socket, sends `first`, then trickles a byte every 200 ms; resolves when the server hangs up.
 * Not checked against the API document: it sends a request that never completes on purpose.
 */
function trickle(port: number, first: string): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.write(first);
    const timer = setInterval(() => socket.write('a'), 200);
    const done = (): void => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    };
    socket.on('close', done);
    socket.on('error', () => socket.destroy());
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}

test('slow headers and slow bodies are cut off; the server keeps answering others', async () => {
  const app = await startServer();
  const server = createServer(serverOptions(LIMITS), app.app.handle);
  applyServerLimits(server, LIMITS);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  try {
    const [headers, body] = await Promise.all([
      trickle(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: '),
      trickle(
        port,
        'POST /api/admin/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
      ),
    ]);
    assert.ok(headers.closedAfterMs < 5000, `slow headers closed after ${headers.closedAfterMs} ms`);
    assert.ok(body.closedAfterMs < 6000, `slow body closed after ${body.closedAfterMs} ms`);
    const health = await checkedFetch(`http://127.0.0.1:${port}/healthz`);
    assert.is(health.status, 200);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
    await app.close();
  }
});

test.run();
