// store: postgres only (two instances of the built server on one PostgreSQL database)
/**
 * Guesses against the admin account sent to two instances at once, from many addresses: each is
 * counted in one atomic step on the shared database before it is checked, so the account's limits
 * hold exactly (10 codes, 20 passwords per 15 minutes) however the guesses are spread.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readStorefrontValues, writeStorefrontValue } from '../../data/storefront-values';
import { call } from '../harness';
import type { ApiAnswer } from '../harness';
import { twoInstances } from './multi-instance-helpers';
import { codeAt, codeStep, enrol, passwordStep, wrongCodeAt } from './second-factor-kit';

const run = twoInstances(test);
let address = 0;
const fresh = () => ({ headers: { 'x-forwarded-for': `10.9.${(++address >> 8) & 255}.${address & 255}` } });
const statuses = (answers: ApiAnswer[]): Record<number, number> =>
  answers.reduce<Record<number, number>>(
    (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  );
const either = (n: number) => (n % 2 === 0 ? run.a : run.b);

test('40 wrong passwords for one name over A and B: 20 checked', async () => {
  const guesses = await Promise.all(
    Array.from({ length: 40 }, (_, n) =>
      call(either(n).url, 'POST', '/api/admin/login', {
        ...fresh(),
        body: { username: 'owner-guess', password: `wrong-${n}` },
      }),
    ),
  );
  assert.equal(statuses(guesses), { 401: 20, 429: 20 });
});

test('40 wrong codes over A and B: 10 checked, then the right code waits on both; one e-mail', async () => {
  const { contacts } = await readStorefrontValues(run.db);
  await writeStorefrontValue(
    run.db,
    'contacts',
    { ...contacts, support_email: 'owner@tokoku.id' },
    new Date().toISOString(),
  );
  const { secret } = await enrol(run.a.url, run.cookie, () => Date.now());
  const { pending } = await passwordStep(run.a.url, fresh());
  const wrong = wrongCodeAt(secret, Date.now());
  const guesses = await Promise.all(
    Array.from({ length: 40 }, (_, n) => codeStep(either(n).url, pending, wrong, fresh())),
  );
  assert.equal(statuses(guesses), { 401: 10, 429: 30 });
  for (const instance of [run.a, run.b])
    assert.is((await codeStep(instance.url, pending, codeAt(secret, Date.now(), 1), fresh())).status, 429);
  const overview = await call(run.b.url, 'GET', '/api/admin/security', { cookie: run.cookie });
  assert.is((overview.json.code_guessing as { lockouts: number }).lockouts, 1);
  const mails = await run.db.all<{ to_address: string }>("SELECT to_address FROM outbox WHERE kind = 'security'");
  assert.equal(
    mails.map((mail) => mail.to_address),
    ['owner@tokoku.id'],
  );
});

test.run();
