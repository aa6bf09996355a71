/**
 * An https PUBLIC_URL means the browser speaks https (this server is plain HTTP behind a TLS
 * proxy): the admin's cookies are Secure and HSTS is sent even when TRUST_PROXY is unset. An http
 * PUBLIC_URL without a trusted proxy's X-Forwarded-Proto keeps both off (a browser would drop a
 * Secure cookie over http).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, call, startServer } from '../harness';

async function seen(env: Record<string, string>): Promise<{ cookie: string; apiHsts: boolean; pageHsts: boolean }> {
  const server = await startServer(env);
  try {
    const login = await call(server.url, 'POST', '/api/admin/login', { body: ADMIN });
    assert.is(login.status, 200, login.text);
    const page = await fetch(`${server.url}/`);
    await page.arrayBuffer();
    return {
      cookie: login.headers.get('set-cookie') ?? '',
      apiHsts: login.headers.has('strict-transport-security'),
      pageHsts: page.headers.has('strict-transport-security'),
    };
  } finally {
    await server.close();
  }
}

test('https PUBLIC_URL without TRUST_PROXY: Secure cookie and HSTS on API answers and pages', async () => {
  const https = await seen({ PUBLIC_URL: 'https://shop.example.com' });
  assert.match(https.cookie, /; Secure/);
  assert.equal([https.apiHsts, https.pageHsts], [true, true]);
});

test('http PUBLIC_URL: neither', async () => {
  const plain = await seen({ PUBLIC_URL: 'http://localhost:3000' });
  assert.not.match(plain.cookie, /Secure/);
  assert.equal([plain.apiHsts, plain.pageHsts], [false, false]);
});

test.run();
