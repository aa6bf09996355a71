import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, startServer } from '../harness';

const PATHS = ['/healthz', '/api/admin/check', '/api/nothing', '/', '/no-such-page'];

function directives(csp: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(' '));
  }
  return map;
}

test('every answer: CSP without inline scripts, nosniff, Referrer-Policy, no framing by others', async () => {
  const server = await startServer();
  try {
    for (const path of PATHS) {
      const { headers } = await call(server.url, 'GET', path);
      const csp = directives(headers.get('content-security-policy') ?? '');
      assert.ok(csp.size > 0, `${path}: CSP present`);
      const scripts = csp.get('script-src') ?? csp.get('default-src') ?? '';
      assert.match(scripts, "'self'", path);
      assert.not.match(scripts, 'unsafe-inline', path);
      assert.not.match(scripts, 'unsafe-eval', path);
      assert.is(csp.get('frame-ancestors'), "'none'", path);
      assert.is(csp.get('object-src'), "'none'", path);
      assert.match(csp.get('frame-src') ?? '', 'https://www.youtube-nocookie.com', 'YouTube embeds may be framed');
      assert.is(headers.get('x-content-type-options'), 'nosniff', path);
      assert.ok(headers.get('referrer-policy'), path);
      assert.is(headers.get('x-frame-options'), 'DENY', path);
      assert.is(headers.get('strict-transport-security'), null, `${path}: no HSTS over plain http`);
    }
  } finally {
    await server.close();
  }
});

test('HSTS only when TRUST_PROXY=1 and the proxy says https', async () => {
  const untrusted = await startServer();
  const trusted = await startServer({ TRUST_PROXY: '1' });
  try {
    const spoofed = await call(untrusted.url, 'GET', '/healthz', { headers: { 'x-forwarded-proto': 'https' } });
    assert.is(spoofed.headers.get('strict-transport-security'), null, 'X-Forwarded-Proto ignored without TRUST_PROXY');
    const plain = await call(trusted.url, 'GET', '/healthz', { headers: { 'x-forwarded-proto': 'http' } });
    assert.is(plain.headers.get('strict-transport-security'), null);
    const none = await call(trusted.url, 'GET', '/', {});
    assert.is(none.headers.get('strict-transport-security'), null);
    for (const path of ['/healthz', '/']) {
      const secure = await call(trusted.url, 'GET', path, { headers: { 'x-forwarded-proto': 'https' } });
      assert.match(secure.headers.get('strict-transport-security') ?? '', /^max-age=\d{7,}/, path);
    }
  } finally {
    await untrusted.close();
    await trusted.close();
  }
});

test.run();
