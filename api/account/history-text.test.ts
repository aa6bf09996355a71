import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LicenseEventRow } from '../../data/licenses/events';
import { licenseHistory } from './history-text';

const event = (
  id: number,
  type: LicenseEventRow['type'],
  actor: LicenseEventRow['actor'],
  at: string,
  data: object | null,
): LicenseEventRow => ({
  id,
  license_id: 1,
  type,
  actor,
  device_id: null,
  at,
  data: data === null ? null : JSON.stringify(data),
});

test('licenseHistory: orders, moves, releases and reminders in Indonesian, newest first; refusals left out', () => {
  const history = licenseHistory(
    [
      event(1, 'issued', 'order', '2026-01-01T00:00:00.000Z', { ref_id: 'REF-1' }),
      event(2, 'activated', 'device', '2026-01-02T00:00:00.000Z', { device_name: 'PC Kantor', move: false }),
      event(3, 'validation_failed', 'device', '2026-01-03T00:00:00.000Z', { code: 'DEVICE_MISMATCH' }),
      event(4, 'device_released', 'buyer', '2026-01-04T00:00:00.000Z', { device_name: 'PC Kantor', move: true }),
      event(5, 'activated', 'device', '2026-01-05T00:00:00.000Z', { device_name: 'Laptop', move: true }),
      event(6, 'expiry_changed', 'order', '2026-01-06T00:00:00.000Z', {
        ref_id: 'REF-2',
        old: '2026-02-01T00:00:00.000Z',
        new: '2026-03-03T10:00:00.000Z',
      }),
    ],
    ['2026-01-07T00:00:00.000Z'],
    'Asia/Jakarta',
  );
  assert.equal(
    history.map((entry) => entry.text),
    [
      'Pengingat perpanjangan dikirim',
      'Diperpanjang oleh pesanan REF-2 sampai 3 Maret 2026',
      'Dipindahkan ke perangkat baru "Laptop"',
      'Perangkat "PC Kantor" dilepas oleh Anda',
      'Diaktifkan di perangkat "PC Kantor"',
      'Diterbitkan oleh pesanan REF-1',
    ],
  );
});

test.run();
