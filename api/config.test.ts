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
  const config = loadConfig({
    PORT: '0',
    TRUST_PROXY: 'true',
    LOGIN_MAX_FAILURES: '3',
    SNAPSHOT_EVERY_ENTRIES: '20',
    LOG_LEVEL: 'silent',
  });
  assert.is(config.port, 0);
  assert.is(config.trustProxy, true);
  assert.is(config.loginMaxFailures, 3);
  assert.is(config.snapshotEveryEntries, 20);
  assert.is(config.logLevel, 'silent');
});

test('loadConfig: one error lists every bad variable', () => {
  try {
    loadConfig({
      PORT: 'abc',
      TRUST_PROXY: 'maybe',
      ADMIN_PASSWORD: 'short',
      LOG_LEVEL: 'loud',
      SNAPSHOT_EVERY_ENTRIES: '0',
    });
    assert.unreachable('should throw');
  } catch (error) {
    const message = (error as Error).message;
    for (const name of ['PORT', 'TRUST_PROXY', 'ADMIN_PASSWORD', 'LOG_LEVEL', 'SNAPSHOT_EVERY_ENTRIES'])
      assert.match(message, name);
  }
});

test('loadConfig: TIME_ZONE defaults to Asia/Jakarta, must be a zone name', () => {
  assert.is(loadConfig({}).timeZone, 'Asia/Jakarta');
  assert.is(loadConfig({ TIME_ZONE: 'Asia/Makassar' }).timeZone, 'Asia/Makassar');
  for (const bad of ['WIB', 'Asia/Atlantis', '+07:00']) {
    assert.throws(
      () => loadConfig({ TIME_ZONE: bad }),
      (error: Error) =>
        error.message.includes(`TIME_ZONE must be a time zone name such as Asia/Jakarta (got "${bad}")`),
    );
  }
});

test('loadConfig: METRICS_TOKEN is unset by default, read trimmed, at least 16 printable characters', () => {
  assert.is(loadConfig({}).metricsToken, undefined);
  assert.is(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken, undefined);
  assert.is(loadConfig({ METRICS_TOKEN: ' 0123456789abcdef ' }).metricsToken, '0123456789abcdef');
  for (const bad of ['short-token', '0123456789 abcdef']) {
    assert.throws(
      () => loadConfig({ METRICS_TOKEN: bad }),
      /METRICS_TOKEN must be at least 16 printable characters/,
      bad,
    );
  }
});

test('loadConfig: PUBLIC_URL is the shop origin, default http://localhost:PORT', () => {
  assert.is(loadConfig({}).publicUrl, 'http://localhost:3000');
  assert.is(loadConfig({ PORT: '8080' }).publicUrl, 'http://localhost:8080');
  assert.is(loadConfig({ PORT: '0' }).publicUrl, 'http://localhost');
  assert.is(loadConfig({ PUBLIC_URL: 'https://shop.example.id' }).publicUrl, 'https://shop.example.id');
  assert.is(loadConfig({ PUBLIC_URL: ' https://Shop.Example.id/ ' }).publicUrl, 'https://shop.example.id');
  assert.is(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).publicUrl, 'http://127.0.0.1:3000');
  const bad = [
    'shop.example.id',
    'ftp://shop.example.id',
    'https://shop.example.id/toko',
    'https://shop.example.id/?a=1',
    'https://shop.example.id/#x',
    'https://user:pw@shop.example.id',
    'https://',
  ];
  for (const text of bad) {
    assert.throws(
      () => loadConfig({ PUBLIC_URL: text }),
      (error: Error) => error.message.includes(`PUBLIC_URL must be`) && error.message.includes(`got "${text}"`),
      text,
    );
  }
  assert.throws(
    () => loadConfig({ PUBLIC_URL: 'nope', PORT: 'abc' }),
    (error: Error) => /PORT[\s\S]*PUBLIC_URL|PUBLIC_URL[\s\S]*PORT/.test(error.message),
  );
});

test('loadConfig: scheduled backups are off without BACKUP_DIR; every 24 h, 14 kept; fractions of hours allowed', () => {
  assert.equal(loadConfig({}).backup, { dir: undefined, everyHours: 24, keep: 14 });
  const set = loadConfig({
    BACKUP_DIR: ' /var/backups/loop-shop ',
    BACKUP_EVERY_HOURS: '0.001',
    BACKUP_KEEP: '3',
  }).backup;
  assert.equal(set, { dir: '/var/backups/loop-shop', everyHours: 0.001, keep: 3 });
  for (const bad of ['0', '-1', 'daily', '0.0001', '9000', 'Infinity']) {
    assert.throws(
      () => loadConfig({ BACKUP_EVERY_HOURS: bad }),
      (error: Error) =>
        error.message.includes(`BACKUP_EVERY_HOURS must be a number of hours`) &&
        error.message.includes(`got "${bad}"`),
      bad,
    );
  }
  for (const bad of ['0', '1.5', 'all']) {
    assert.throws(() => loadConfig({ BACKUP_KEEP: bad }), /BACKUP_KEEP must be a whole number from 1 to 10000/, bad);
  }
});

test.run();
