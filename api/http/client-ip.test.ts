import type { IncomingMessage } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clientIp, isSecure } from './client-ip';

const request = (headers: Record<string, string>, encrypted = false): IncomingMessage =>
  ({ headers, socket: { remoteAddress: '10.0.0.5', encrypted } }) as unknown as IncomingMessage;

test('clientIp: the socket address unless a trusted proxy forwards; then the last X-Forwarded-For hop', () => {
  const forwarded = request({ 'x-forwarded-for': '1.2.3.4, 198.51.100.7' });
  assert.is(clientIp(forwarded, false), '10.0.0.5');
  assert.is(clientIp(forwarded, true), '198.51.100.7');
  assert.is(clientIp(request({ 'x-forwarded-for': ' 203.0.113.1 ' }), true), '203.0.113.1');
  assert.is(clientIp(request({}), true), '10.0.0.5');
});

test('isSecure: TLS socket, or X-Forwarded-Proto https from a trusted proxy only', () => {
  assert.ok(isSecure(request({}, true), false));
  assert.not.ok(isSecure(request({ 'x-forwarded-proto': 'https' }), false));
  assert.ok(isSecure(request({ 'x-forwarded-proto': 'https' }), true));
  assert.not.ok(isSecure(request({ 'x-forwarded-proto': 'http' }), true));
});

test.run();
