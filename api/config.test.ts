import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from './config';

test('loadConfig: documented defaults', () => {
  const config = loadConfig({}, '/srv/public');
  assert.is(config.port, 3000);
  assert.is(config.host, '0.0.0.0');
  assert.ok(config.dataDir.endsWith('/var'));
  assert.is(config.publicDir, '/srv/public');
  assert.is(config.trustProxy, false);
  assert.is(config.adminUsername, 'admin');
  assert.is(config.adminPassword, undefined);
  assert.is(config.loginMaxFailures, 5);
  assert.is(config.sessionIdleHours, 12);
  assert.is(config.sessionMaxDays, 7);
  assert.is(config.logLevel, 'info');
  assert.is(config.snapshotEveryEntries, 5000);
});

test('loadConfig: values are read and typed', () => {
  const config = loadConfig({ PORT: '0', TRUST_PROXY: 'true', LOGIN_MAX_FAILURES: '3', SNAPSHOT_EVERY_ENTRIES: '20', LOG_LEVEL: 'silent' });
  assert.is(config.port, 0);
  assert.is(config.trustProxy, true);
  assert.is(config.loginMaxFailures, 3);
  assert.is(config.snapshotEveryEntries, 20);
  assert.is(config.logLevel, 'silent');
});

test('loadConfig: one error lists every bad variable', () => {
  try {
    loadConfig({ PORT: 'abc', TRUST_PROXY: 'maybe', ADMIN_PASSWORD: 'short', LOG_LEVEL: 'loud', SNAPSHOT_EVERY_ENTRIES: '0' });
    assert.unreachable('should throw');
  } catch (error) {
    const message = (error as Error).message;
    for (const name of ['PORT', 'TRUST_PROXY', 'ADMIN_PASSWORD', 'LOG_LEVEL', 'SNAPSHOT_EVERY_ENTRIES']) assert.match(message, name);
  }
});

test('loadConfig: TIME_ZONE defaults to Asia/Jakarta, must be a zone name', () => {
  assert.is(loadConfig({}).timeZone, 'Asia/Jakarta');
  assert.is(loadConfig({ TIME_ZONE: 'Asia/Makassar' }).timeZone, 'Asia/Makassar');
  for (const bad of ['WIB', 'Asia/Atlantis', '+07:00']) {
    assert.throws(() => loadConfig({ TIME_ZONE: bad }), (error: Error) => error.message.includes(`TIME_ZONE must be a time zone name such as Asia/Jakarta (got "${bad}")`));
  }
});

test.run();
