// store: postgres only (two instances of the built server on one PostgreSQL database)
/**
 * The buyer's sign-in across instances: a link e-mailed by A opens on B, a session started on B
 * works on A and ends when A signs it out, and the per-address limit counts both instances' requests.
 */
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hashLicenseKey } from '../../api/licenses/license-keys';
import { importLicenses } from '../../data/licenses/licenses';
import { buyerCookieOf, mailedToken } from './buyer-helpers';
import { on, twoInstances } from './multi-instance-helpers';

const run = twoInstances(test);

async function licenseFor(email: string): Promise<void> {
  const key = randomUUID();
  const at = new Date().toISOString();
  await importLicenses(
    run.db,
    [
      {
        license_key: key,
        key_sha256: hashLicenseKey(key),
        email,
        app_type: 'loopbot',
        expired_date: new Date(Date.now() + 9e8).toISOString(),
        created_at: at,
      },
    ],
    at,
  );
}

test('a link e-mailed by A opens on B; the session started on B works on A; sign-out on A ends it on B', async () => {
  await licenseFor('multi@example.com');
  const asked = await on(run.a, 'POST', '/api/account/link', {
    body: { email: 'multi@example.com' },
    headers: { 'x-forwarded-for': '198.51.100.1' },
  });
  assert.is(asked.status, 200, asked.text);
  const token = await mailedToken(run.db, 'multi@example.com');
  assert.ok(token);
  const opened = await on(run.b, 'POST', '/api/account/session', { body: { token } });
  assert.is(opened.status, 200, opened.text);
  const cookie = buyerCookieOf(opened);
  assert.is(
    (await on(run.a, 'POST', '/api/account/session', { body: { token } })).status,
    400,
    'used on B, refused on A',
  );
  const onA = await on(run.a, 'GET', '/api/account', { cookie });
  assert.equal([onA.status, onA.json.email], [200, 'multi@example.com']);
  assert.is((await on(run.a, 'POST', '/api/account/logout', { cookie })).status, 200);
  assert.is((await on(run.b, 'GET', '/api/account', { cookie })).status, 401);
});

test('sign out everywhere on A ends the sessions started on B', async () => {
  await licenseFor('everywhere@example.com');
  const cookies: string[] = [];
  let previous: string | undefined;
  for (const [index, instance] of [run.b, run.b].entries()) {
    await on(instance, 'POST', '/api/account/link', {
      body: { email: 'everywhere@example.com' },
      headers: { 'x-forwarded-for': `198.51.100.${10 + index}` },
    });
    // Instance B stores the link after answering: wait for this request's link, not the last one.
    previous = await mailedToken(run.db, 'everywhere@example.com', previous);
    cookies.push(buyerCookieOf(await on(instance, 'POST', '/api/account/session', { body: { token: previous } })));
  }
  assert.is((await on(run.a, 'POST', '/api/account/logout-all', { cookie: cookies[0] })).status, 200);
  for (const cookie of cookies) assert.is((await on(run.b, 'GET', '/api/account', { cookie })).status, 401);
});

test('the per-address limit counts the requests of both instances', async () => {
  const statuses: number[] = [];
  for (const [index, instance] of [run.a, run.b, run.a, run.b].entries()) {
    const answer = await on(instance, 'POST', '/api/account/link', {
      body: { email: 'counted@example.com' },
      headers: { 'x-forwarded-for': `198.51.100.${20 + index}` },
    });
    statuses.push(answer.status);
  }
  assert.equal(statuses, [200, 200, 200, 429]);
});

test.run();
