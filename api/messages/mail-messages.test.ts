import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { licenseMessage } from './license-message';
import { SHOP_URL_KEY } from './message-settings';
import { DEFAULT_REMINDER_TEMPLATES, licenseMail, mailSettingKeys, reminderMail } from './mail-messages';

const license = {
  app_type: 'loopbot' as const,
  license_key: 'f3b0c442-98fc-4c14-9a1e-4b8f1b2c3d4e',
  expired_date: '2027-01-20T20:00:00.000Z',
};
const ZONE = 'Asia/Jakarta';

test('licenseMail: the licence message exactly as downloaded, with a subject', () => {
  const settings = new Map([['loopbot_template', 'Kunci {license_key} sampai {expired_date}']]);
  assert.equal(licenseMail(license, settings, ZONE), {
    subject: 'Lisensi LoopBOT Anda',
    body: licenseMessage(license, settings, ZONE),
  });
  assert.is(
    licenseMail(license, settings, ZONE).body,
    `Kunci ${license.license_key} sampai 21 Januari 2027 pukul 03:00 WIB`,
  );
});

test('reminderMail: default Indonesian text with the key, the expiry in WIB and the renew link', () => {
  const mail = reminderMail(license, new Map(), 'https://lynk.id/shop/1-bulan', ZONE);
  assert.is(mail.subject, 'Pengingat: lisensi LoopBOT Anda berakhir 21 Januari 2027 pukul 03:00 WIB');
  assert.ok(mail.body.startsWith(DEFAULT_REMINDER_TEMPLATES.loopbot.split('\n')[0]!));
  assert.match(mail.body, 'Lisensi LoopBOT Anda akan berakhir pada 21 Januari 2027 pukul 03:00 WIB.');
  assert.match(mail.body, `Kunci lisensi: ${license.license_key}`);
  assert.match(mail.body, '\nhttps://lynk.id/shop/1-bulan\n');
  assert.not.match(mail.body, /\{[a-z_]+\}/);
});

test("reminderMail: without a checkout link, {renew_url} is the product's page on the shop", () => {
  const settings = new Map([[SHOP_URL_KEY, 'https://shop.example.id']]);
  assert.match(reminderMail(license, settings, '', ZONE).body, '\nhttps://shop.example.id/loopbot\n');
  assert.match(
    reminderMail({ ...license, app_type: 'loopstream' }, settings, '', ZONE).body,
    '\nhttps://shop.example.id/loopstream\n',
  );
});

test('reminderMail: the template from Settings with the licence variables and {renew_url}; LoopStream has its own', () => {
  const settings = new Map([
    ['loopbot_reminder_template', 'Renew {license_key} by {expired_date}: {renew_url} ({download_url}) {unknown}'],
    ['loopbot_download_url', 'https://dl.example/bot'],
  ]);
  assert.is(
    reminderMail(license, settings, 'https://r.example', ZONE).body,
    `Renew ${license.license_key} by 21 Januari 2027 pukul 03:00 WIB: https://r.example (https://dl.example/bot) {unknown}`,
  );
  const stream = reminderMail({ ...license, app_type: 'loopstream' }, settings, 'https://r.example', ZONE);
  assert.match(stream.subject, 'Pengingat: langganan LoopStream Anda berakhir');
  assert.match(stream.body, 'Langganan LoopStream Anda akan berakhir');
  assert.equal(mailSettingKeys('loopstream'), [
    'loopstream_template',
    'loopstream_download_url',
    'loopstream_tutorial_url',
    'loopstream_reminder_template',
  ]);
});

test.run();
