import '../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AccountLicense } from '../../contract/calls/account-records';
import { render } from '../../test/render';
import { ActivationOutlook, deviceText } from './activation-outlook';

const RELEASED: AccountLicense = {
  id: 7,
  key_masked: '3f2a…9c1d',
  app_type: 'loopbot',
  trial: false,
  state: 'active',
  state_text: 'Aktif',
  expired_date: '2099-09-01T00:00:00.000Z',
  days_left: 200,
  device_name: null,
  device_bound: false,
  device_activated_at: null,
  last_seen_at: '2099-01-01T00:00:00.000Z',
  app_version: '1.0.0',
  renew_url: null,
  // As the server sends it after a release that used the month's one move.
  next_move_at: '2099-02-07T21:09:00.000Z',
  moves_used: 1,
  moves_max: 1,
  moves_reset_at: '2099-02-07T21:09:00.000Z',
  next_activation: 'free',
  last_device_name: 'Laptop Lama Rina',
  trial_refused_at: null,
};

function shown(license: AccountLicense): string {
  const view = render(
    <ActivationOutlook license={license} limitAt={license.next_move_at ?? undefined} whatsappUrl="https://wa.me/1" />,
  );
  const text = view.container.textContent ?? '';
  view.unmount();
  return text;
}

test('after a release at the limit: ready to activate, not "limit reached"; the reset is the move window, not the expiry', () => {
  const text = shown(RELEASED);
  assert.match(text, 'Siap diaktifkan');
  assert.match(text, 'tidak dihitung sebagai pindah perangkat');
  assert.not.match(text, 'Batas pindah perangkat tercapai');
  assert.match(text, '1 dari 1 kali dalam 30 hari');
  assert.match(text, '8 Februari 2099', 'the move window reset, in WIB');
  assert.not.match(text, 'September 2099');
  assert.is(deviceText(RELEASED), 'Tidak terpasang (terakhir di "Laptop Lama Rina")', 'a used key is not "never used"');
  assert.is(
    deviceText({ ...RELEASED, last_device_name: null, last_seen_at: null }),
    'Belum dipakai di perangkat mana pun',
  );
});

test('another computer over the limit after the app dropped the device: refused there until the reset, the last one works', () => {
  const text = shown({ ...RELEASED, next_activation: 'refused' });
  assert.match(text, 'Batas pindah perangkat tercapai');
  assert.match(text, 'tetap bisa diaktifkan lagi di "Laptop Lama Rina"');
  assert.match(text, '8 Februari 2099');
});

test('bound at the limit: the next release is possible from the reset', () => {
  const bound = { ...RELEASED, device_bound: true, device_name: 'Laptop Baru', next_activation: 'bound' as const };
  assert.match(shown(bound), /Batas pindah perangkat tercapai.*melepas atau memindahkan perangkat lagi mulai/);
  assert.is(shown({ ...bound, next_move_at: null }), '');
});

test('a free trial the app refused on a device that had a trial says why, instead of reading ready', () => {
  const refused = { ...RELEASED, trial: true, trial_refused_at: '2099-01-02T03:00:00.000Z', next_move_at: null };
  const text = shown(refused);
  assert.match(text, 'Tidak bisa diaktifkan di perangkat itu');
  assert.match(text, 'sudah pernah memakai uji coba gratis');
  assert.not.match(text, 'Siap diaktifkan');
});

test.run();
