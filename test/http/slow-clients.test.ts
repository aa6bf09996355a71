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
 * Opens a socket, sends `first`, then trickles a byte every 200 ms for as long as the socket is
 * open: only the server can end it (a server that never does leaves the file to the runner's timeout).
 * Not checked against the API document: it sends a request that never completes on purpose.
 */
function trickle(port: number, first: string): Promise<{ answer: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.write(first);
    const timer = setInterval(() => socket.write('a'), 200);
    const done = (): void => {
      clearInterval(timer);
      resolve({ answer });
    };
    socket.on('close', done);
    socket.on('error', () => socket.destroy());
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
    // Cut off by the server's timeouts while the client was still sending (the body after its early 413).
    const timedOut = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';
    assert.is(headers.answer, timedOut);
    assert.ok(body.answer.startsWith('HTTP/1.1 413 ') && body.answer.endsWith(timedOut), body.answer);
    const health = await checkedFetch(`http://127.0.0.1:${port}/healthz`);
    assert.is(health.status, 200);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
    await app.close();
  }
});

test.run();
