import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deviceName } from './device-name';

const CASES: Array<[string, string]> = [
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    'Chrome on Android',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Safari on iOS',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    'Edge on Windows',
  ],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on macOS'],
  ['curl/8.5.0', 'curl'],
  ['', 'Unknown device'],
  ['SomeBot', 'SomeBot'],
];

test('deviceName: browser and system from a User-Agent', () => {
  for (const [userAgent, expected] of CASES) assert.is(deviceName(userAgent), expected, userAgent);
});

test.run();
