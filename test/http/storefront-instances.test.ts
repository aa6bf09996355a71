// store: postgres only (two instances of the built server on one PostgreSQL database)
/** A storefront change saved on one instance is on the other's pages too, without a restart. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Storefront } from '../../contract/calls/storefront';
import { gradientPng } from '../png-fixture';
import { on, twoInstances, within } from './multi-instance-helpers';

const run = twoInstances(test);

const page = async (path: string): Promise<string> => (await fetch(run.b.url + path)).text();

test('a save on A: B renders its pages again within seconds; an upload on A is served by B', async () => {
  const { storefront } = (await on(run.a, 'GET', '/api/storefront')).json as { storefront: Storefront };
  const body = {
    ...storefront,
    plans: storefront.plans.map((plan) => (plan.id === 'loopstream-set-1' ? { ...plan, price_idr: 262_500 } : plan)),
    contacts: { ...storefront.contacts, support_email: 'toko@instances.id' },
  };
  assert.ok(!(await page('/loopstream')).includes('Rp 262.500'));
  const saved = await on(run.a, 'PUT', '/api/storefront', { cookie: run.cookie, body });
  assert.is(saved.status, 200, saved.text);
  const took = await within(
    5000,
    async () =>
      (await page('/loopstream')).includes('Rp 262.500') && (await page('/help')).includes('toko@instances.id'),
  );
  assert.ok(took !== undefined, 'B shows the new price and contact');
  console.log(`  B rendered the change after ${took} ms`);
  assert.equal(
    ((await on(run.b, 'GET', '/api/storefront')).json.storefront as Storefront).contacts.support_email,
    'toko@instances.id',
  );

  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(gradientPng(1400, 900))], { type: 'image/png' }), 'shot.png');
  const uploaded = await on(run.a, 'POST', '/api/storefront/earnings-image', {
    cookie: run.cookie,
    body: form,
    headers: { origin: run.a.url },
  });
  assert.is(uploaded.status, 200, uploaded.text);
  const version = (uploaded.json.storefront as Storefront).earnings_image.webp_url;
  assert.ok(
    (await within(5000, async () => (await page('/')).includes(version))) !== undefined,
    'B names the new screenshot',
  );
  const onB = await fetch(run.b.url + version);
  assert.is(onB.headers.get('content-type'), 'image/webp');
  const onA = await fetch(run.a.url + version);
  assert.equal(Buffer.from(await onB.arrayBuffer()), Buffer.from(await onA.arrayBuffer()));
});

test.run();
