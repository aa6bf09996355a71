import type { IncomingMessage } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { browserSeesHttps, clientIp, clientNetwork, isSecure, trustProxyWarning } from './client-ip';

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

test('clientNetwork: IPv4 as it is, IPv6 by its /64 in one spelling, IPv4-mapped as IPv4', () => {
  assert.is(clientNetwork('203.0.113.9'), '203.0.113.9');
  assert.is(clientNetwork('::ffff:203.0.113.9'), '203.0.113.9');
  const net = '2001:db8:aa:1::/64';
  for (const ip of [
    '2001:db8:aa:1::1',
    '2001:0DB8:00aa:0001:ffff:1:2:3',
    '2001:db8:aa:1:0:0:0:9',
    '2001:db8:aa:1::1.2.3.4',
  ])
    assert.is(clientNetwork(ip), net, ip);
  assert.is(clientNetwork('2001:db8:aa:2::1'), '2001:db8:aa:2::/64');
  assert.is(clientNetwork('::1'), '0:0:0:0::/64');
  assert.is(clientNetwork('2001:db8::'), '2001:db8:0:0::/64');
  assert.is(clientNetwork('fe80::1%eth0'), 'fe80:0:0:0::/64');
  assert.is(clientNetwork('unknown'), 'unknown');
});
test('browserSeesHttps: an https PUBLIC_URL, or what isSecure says; trustProxyWarning only for https without TRUST_PROXY', () => {
  const https = { trustProxy: false, publicUrl: 'https://shop.example.id' };
  const http = { trustProxy: false, publicUrl: 'http://localhost:3000' };
  assert.ok(browserSeesHttps(request({}), https));
  assert.not.ok(browserSeesHttps(request({ 'x-forwarded-proto': 'https' }), http));
  assert.ok(browserSeesHttps(request({ 'x-forwarded-proto': 'https' }), { ...http, trustProxy: true }));
  assert.match(String(trustProxyWarning(https)), 'TRUST_PROXY is not set');
  assert.is(trustProxyWarning({ ...https, trustProxy: true }), undefined);
  assert.is(trustProxyWarning(http), undefined);
});

test.run();
