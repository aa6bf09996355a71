import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_TEMPLATES } from './message-settings';
import { SHOP_URL_KEY } from './message-settings';
import { fillTemplate, licenseMessage, messageSettingKeys } from './license-message';

const values = {
  license_key: 'KEY-1',
  expired_date: '31 Desember 2026',
  download_url: 'https://d.example',
  tutorial_url: 'https://t.example',
};

test('fillTemplate: known placeholders filled, every occurrence', () => {
  assert.is(
    fillTemplate('{license_key} / {license_key} until {expired_date}', values),
    'KEY-1 / KEY-1 until 31 Desember 2026',
  );
});

test('fillTemplate: unknown placeholders and odd braces stay as they are', () => {
  assert.is(
    fillTemplate('{name} {LICENSE_KEY} {license_key {} {{license_key}} {constructor} {toString}', values),
    '{name} {LICENSE_KEY} {license_key {} {KEY-1} {constructor} {toString}',
  );
});

test('fillTemplate: values are not expanded again', () => {
  assert.is(fillTemplate('{download_url}', { ...values, download_url: 'x{license_key}' }), 'x{license_key}');
});

test('messageSettingKeys', () => {
  assert.equal(messageSettingKeys('loopstream'), [
    'loopstream_template',
    'loopstream_download_url',
    'loopstream_tutorial_url',
  ]);
});

const license = {
  app_type: 'loopbot' as const,
  license_key: 'f3b0c442-98fc-4c14-9a1e-4b8f1b2c3d4e',
  expired_date: '2026-12-31T10:00:00.000Z',
};

test('licenseMessage: the configured template and URLs', () => {
  const settings = new Map([
    [
      'loopbot_template',
      'Key {license_key}, until {expired_date}, get {download_url}, learn {tutorial_url}, {unknown}',
    ],
    ['loopbot_download_url', 'https://dl.example/bot'],
    ['loopbot_tutorial_url', 'https://learn.example'],
    ['loopstream_template', 'WRONG'],
  ]);
  assert.is(
    licenseMessage(license, settings),
    `Key ${license.license_key}, until 31 Desember 2026, get https://dl.example/bot, learn https://learn.example, {unknown}`,
  );
});

test("licenseMessage: default template, and the shop's own pages for links not configured or blank", () => {
  const shop = 'https://shop.example.id';
  for (const settings of [
    new Map([[SHOP_URL_KEY, shop]]),
    new Map([
      [SHOP_URL_KEY, shop],
      ['loopbot_template', '   '],
      ['loopbot_download_url', ''],
      ['loopbot_tutorial_url', ' '],
    ]),
  ]) {
    const text = licenseMessage(license, settings);
    assert.ok(text.startsWith(DEFAULT_TEMPLATES.loopbot.split('\n')[0]!));
    assert.ok(text.includes(`Kunci lisensi: ${license.license_key}`));
    assert.ok(text.includes('Berlaku sampai: 31 Desember 2026'));
    assert.ok(text.includes(`Unduh LoopBOT: ${shop}/tutorial#instal\n`));
    assert.ok(text.includes(`Tutorial pemasangan: ${shop}/tutorial\n`));
    assert.not.match(text, /\{(license_key|expired_date|download_url|tutorial_url)\}/);
  }
  const stream = licenseMessage({ ...license, app_type: 'loopstream' }, new Map([[SHOP_URL_KEY, shop]]));
  assert.ok(
    stream.includes(`Aplikasi LoopStream: ${shop}/loopstream\n`) &&
      stream.includes(`Tutorial penggunaan: ${shop}/tutorial\n`),
  );
});

test.run();
