import '../../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { changes, installFakes } from '../test-fakes';
import type { Fakes } from '../test-fakes';
import type { Loopstream } from '../../../contract/calls/loopstreams';
import { cleanServerAddress, extendLoopstream, saveLoopstream } from './loopstreams';

const ROW: Loopstream = {
  id: 4,
  package_type: 'Paket 1',
  customer_name: 'Budi',
  ip_server: 'a.id:5000',
  expired_date: '2030-01-01T00:00:00.000Z',
  created_at: '2029-01-01T00:00:00.000Z',
  buyer_email: null,
  order_id: null,
};
const INPUT = {
  package_type: 'Paket 2' as const,
  customer_name: 'Budi',
  ip_server: 'http://stream.contoh.id/',
  expired_date: '2030-01-01T07:00:00+07:00',
};

let fakes: Fakes | undefined;
test.after.each(() => fakes?.restore());

test('cleanServerAddress: the scheme and trailing slashes go; a path stays for the server to refuse', () => {
  const rows: Array<[string, string]> = [
    ['http://stream.contoh.id/', 'stream.contoh.id'],
    ['  HTTPS://203.0.113.7:8080// ', '203.0.113.7:8080'],
    ['stream.contoh.id', 'stream.contoh.id'],
    ['http://stream.contoh.id/panel', 'http://stream.contoh.id/panel'],
    ['http://bad host/', 'bad host'],
  ];
  for (const [input, expected] of rows) assert.is(cleanServerAddress(input), expected, input);
});

test('saveLoopstream: create, or update by id; the address cleaned; the fixed texts', async () => {
  fakes = installFakes();
  assert.ok(await saveLoopstream(INPUT));
  assert.ok(await saveLoopstream(INPUT, ROW));
  const body = { ...INPUT, ip_server: 'stream.contoh.id' };
  assert.equal(changes(fakes), [
    { method: 'POST', path: '/api/loopstream/create', body },
    { method: 'PUT', path: '/api/loopstream/update/4', body },
  ]);
  assert.equal(fakes.alerts, ['Loopstream created successfully!', 'Loopstream updated successfully!']);
  fakes.restore();
  fakes = installFakes(() => ({ status: 404, body: { success: false } }));
  assert.not.ok(await saveLoopstream(INPUT, ROW));
  assert.equal(fakes.alerts, ['Failed to update loopstream']);
});

test('extendLoopstream: days asked, the server message shown; bad days refused before any call', async () => {
  fakes = installFakes(() => ({
    status: 200,
    body: { success: true, message: 'Loopstream extended by 30 days. New expiry: 31 January 2030 07:00 WIB' },
  }));
  fakes.promptAnswers = ['abc', '30'];
  await extendLoopstream(ROW);
  await extendLoopstream(ROW);
  assert.equal(changes(fakes), [{ method: 'POST', path: '/api/loopstream/extend/4', body: { days: 30 } }]);
  assert.equal(fakes.alerts, [
    'Please enter a valid number of days',
    'Loopstream extended by 30 days. New expiry: 31 January 2030 07:00 WIB',
  ]);
});

test.run();
