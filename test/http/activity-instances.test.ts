// store: postgres only (two instances of the built server on one PostgreSQL database)
/**
 * The activity log is one log for every instance: a change made on B is listed by A at once, with
 * B's caller's IP, and two concurrent changes on A and B are both on record, once each.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Entry } from './activity-helpers';
import { createLicense, on, twoInstances } from './multi-instance-helpers';

const run = twoInstances(test);

async function entriesOn(instance: typeof run.a, query: string): Promise<Entry[]> {
  const answer = await on(instance, 'GET', `/api/activity?${query}`, { cookie: run.cookie });
  assert.is(answer.status, 200, answer.text);
  return answer.json.entries as Entry[];
}

test('a licence created on B is in the log A lists, once, with the admin and the IP of the call', async () => {
  const created = await on(run.b, 'POST', '/api/license/create', {
    cookie: run.cookie,
    headers: { 'x-forwarded-for': '198.51.100.77' },
    body: { email: 'dua@contoh.id', expired_date: '2027-01-01T00:00:00Z' },
  });
  assert.is(created.status, 200, created.text);
  const id = (created.json.license as { id: number }).id;
  const entries = await entriesOn(run.a, `object_type=license&object_id=${id}`);
  assert.equal(
    entries.map((entry) => [entry.action, entry.actor, entry.actor_label, entry.ip]),
    [['license.created', 'admin', 'admin', '198.51.100.77']],
  );
});

test('extensions made at once on A and B: both recorded, each once, seen alike from both instances', async () => {
  const { id } = await createLicense(run.a, run.cookie);
  const answers = await Promise.all(
    [run.a, run.b].map((instance) =>
      on(instance, 'POST', `/api/license/extend/${id}`, { cookie: run.cookie, body: { days: 10 } }),
    ),
  );
  for (const answer of answers) assert.is(answer.status, 200, answer.text);
  const query = `object_type=license&object_id=${id}&action=license.extended`;
  const [fromA, fromB] = [await entriesOn(run.a, query), await entriesOn(run.b, query)];
  assert.is(fromA.length, 2);
  assert.equal(fromA, fromB);
  // Each extension moved the expiry the other one left: their before → after chain up.
  const chain = fromA.map((entry) => [entry.before, entry.after]).reverse();
  assert.equal(chain[1]![0], chain[0]![1]);
});

test.run();
