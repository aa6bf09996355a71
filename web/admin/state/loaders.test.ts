import '../../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installFakes } from '../test-fakes';
import type { Fakes } from '../test-fakes';
import { filterLicenses } from './licenses';
import { loadLicenses, loadLoopstreams, loadTimeZone } from './loaders';
import { store } from './store';

let fakes: Fakes | undefined;
test.after.each(() => fakes?.restore());

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 10));

test('loadTimeZone: the shop zone from the server; an odd answer keeps the default', async () => {
  fakes = installFakes(() => ({ status: 200, body: { success: true } }));
  await loadTimeZone();
  assert.is(store.timeZone, 'Asia/Jakarta');
  fakes.restore();
  fakes = installFakes(() => ({ status: 200, body: { success: true, time_zone: 'Asia/Makassar' } }));
  await loadTimeZone();
  assert.is(store.timeZone, 'Asia/Makassar');
  store.timeZone = 'Asia/Jakarta';
});

test('licences: the status filter is sent after the search and the page, and restarts at page 1', async () => {
  fakes = installFakes(() => ({ status: 200, body: { success: true, licenses: [], total: 0, pages: 1 } }));
  store.licenses.page = 3;
  store.licenses.pages = 3;
  filterLicenses('expiring');
  await settle();
  assert.is(fakes.calls.at(-1)?.path, '/api/license/list?search=&page=1&per_page=50&status=expiring');
  filterLicenses('');
  await loadLicenses();
  assert.is(fakes.calls.at(-1)?.path, '/api/license/list?search=&page=1&per_page=50');
});

test('loopstreams: the search as a query, none when blank', async () => {
  fakes = installFakes(() => ({ status: 200, body: { success: true, loopstreams: [] } }));
  store.loopstreams.search = ' contoh id ';
  await loadLoopstreams();
  store.loopstreams.search = '';
  await loadLoopstreams();
  assert.equal(
    fakes.calls.map((call) => call.path),
    ['/api/loopstream/list?search=contoh+id', '/api/loopstream/list'],
  );
});

test.run();
