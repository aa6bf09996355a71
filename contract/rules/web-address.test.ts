import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HTTP_ADDRESS, isHttpAddress, isUrlKey } from './addresses';

test('isHttpAddress: http(s) with a host, the scheme in any case; the catalogue pattern wants it lower case', () => {
  for (const good of ['https://lynk.id/loopbot', 'http://203.0.113.7:5000/x?y=1', 'HTTPS://Example.com'])
    assert.ok(isHttpAddress(good), good);
  for (const bad of ['', 'lynk.id', 'ftp://x.id', 'https://', 'https:///path', 'https://a b.id', 'javascript:alert(1)'])
    assert.not.ok(isHttpAddress(bad), bad);
  assert.not.ok(new RegExp(HTTP_ADDRESS).test('HTTPS://Example.com'));
});

test('isUrlKey: keys naming a URL', () => {
  assert.ok(isUrlKey('loopbot_download_url'));
  assert.not.ok(isUrlKey('loopbot_template'));
});

test.run();
