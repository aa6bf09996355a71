import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loopstreamFile, safeFileName } from './loopstream-file';

const names: Array<[string, string]> = [
  ['Budi Santoso', 'Budi_Santoso'],
  ['José Ñúñez', 'Jose_Nunez'],
  ['../../etc/passwd', 'etc_passwd'],
  ['a/b\\c:d*e?f"g<h>i|j', 'a_b_c_d_e_f_g_h_i_j'],
  ['  ...  ', 'loopstream'],
  ['日本語', 'loopstream'],
  ['CON', 'loopstream_CON'],
  ['x'.repeat(200), 'x'.repeat(80)],
  ['Toko "Maju" Jaya.', 'Toko_Maju_Jaya'],
];
for (const [input, expected] of names) {
  test(`safeFileName(${JSON.stringify(input).slice(0, 30)}) = ${expected.slice(0, 20)}`, () => {
    assert.is(safeFileName(input), expected);
  });
}

test('loopstreamFile: address with port, package, Indonesian expiry, credentials', () => {
  const file = loopstreamFile(
    {
      id: 1,
      package_type: 'Paket 2',
      customer_name: 'Budi Santoso',
      ip_server: '203.0.113.7:5000',
      expired_date: '2026-12-31T10:00:00.000Z',
      created_at: '2026-01-01T00:00:00.000Z',
      buyer_email: null,
      order_id: null,
    },
    { username: 'owner', password: 'S3cret-pass' },
  );
  assert.is(file.fileName, 'Budi_Santoso.txt');
  assert.ok(file.text.includes('Pelanggan: Budi Santoso\n'));
  assert.ok(file.text.includes('Paket: Paket 2\n'));
  assert.ok(file.text.includes('Alamat server: http://203.0.113.7:5000\n'));
  assert.ok(file.text.includes('Berlaku sampai: 31 Desember 2026\n'));
  assert.ok(file.text.includes('Username: owner\nPassword: S3cret-pass\n'));
});

test.run();
