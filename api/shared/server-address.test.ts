import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HttpError } from '../http/http-error';
import { normalizeServerAddress, serverUrl, shownServerAddress } from './server-address';

const accepted: Array<[string, string]> = [
  ['203.0.113.7', '203.0.113.7:5000'],
  ['203.0.113.7:8080', '203.0.113.7:8080'],
  [' 10.0.0.1 ', '10.0.0.1:5000'],
  ['Stream.Example.COM', 'stream.example.com:5000'],
  ['stream-01.example.co.id:5000', 'stream-01.example.co.id:5000'],
  ['localhost', 'localhost:5000'],
  ['2001:db8::1', '[2001:db8::1]:5000'],
  ['[2001:DB8::1]', '[2001:db8::1]:5000'],
  ['[2001:db8::1]:7000', '[2001:db8::1]:7000'],
  ['::ffff:192.0.2.1', '[::ffff:192.0.2.1]:5000'],
];
for (const [input, expected] of accepted) {
  test(`normalizeServerAddress(${JSON.stringify(input)}) = ${expected}`, () => {
    assert.is(normalizeServerAddress(input), expected);
  });
}

const refused = [
  '',
  '   ',
  'http://203.0.113.7',
  'https://stream.example.com',
  '203.0.113.7/admin',
  'stream.example.com/path',
  '203.0.113.7:0',
  '203.0.113.7:65536',
  '203.0.113.7:05000',
  '203.0.113.7:abc',
  '203.0.113.7:',
  '300.1.1.1',
  '1.2.3',
  '01.2.3.4',
  'user@host.com',
  'host name.com',
  '-bad.example.com',
  'bad-.example.com',
  'under_score.example.com',
  'exa mple',
  '[2001:db8::1',
  '[not-ipv6]:5000',
  '2001:db8::1%eth0',
  'host.com:5000:6000',
  'a'.repeat(64) + '.com',
  `${'a.'.repeat(130)}com`,
  '<script>',
  "host'; drop table",
  'host\n.com',
  '..',
  '.example.com',
  'example.com.',
];
for (const input of refused) {
  test(`normalizeServerAddress refuses ${JSON.stringify(input).slice(0, 40)}`, () => {
    try {
      normalizeServerAddress(input);
      assert.unreachable('accepted');
    } catch (error) {
      assert.instance(error, HttpError);
      assert.is((error as HttpError).status, 400);
    }
  });
}

test('serverUrl', () => {
  assert.is(serverUrl('203.0.113.7:5000'), 'http://203.0.113.7:5000');
  assert.is(serverUrl('[2001:db8::1]:5000'), 'http://[2001:db8::1]:5000');
});

test('a record stored before normalisation is shown with its port, the same on /lisensi and in the file', () => {
  for (const [stored, shown] of [
    ['203.0.113.7', '203.0.113.7:5000'],
    ['Stream.Example.com', 'stream.example.com:5000'],
    ['2001:db8::1', '[2001:db8::1]:5000'],
    ['203.0.113.7:8080', '203.0.113.7:8080'],
  ]) {
    assert.is(shownServerAddress(stored!), shown, stored);
    assert.is(serverUrl(stored!), `http://${shown}`, stored);
  }
  assert.is(shownServerAddress('http://old junk/'), 'http://old junk/', 'unreadable: shown as stored');
});

test.run();
