// store: postgres only (two instances of the built server on one PostgreSQL database)
/**
 * The second factor behind a proxy: the code step begun on one instance ends on the other, wrong
 * codes sent to both count on one limit, and a code taken on one cannot be replayed on the other.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call } from '../harness';
import { twoInstances } from './multi-instance-helpers';
import { codeAt, codeStep, cookieOf, enrol, passwordStep, wrongCodeAt } from './second-factor-kit';

const run = twoInstances(test);
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
let secret = '';

test.before(async () => {
  ({ secret } = await enrol(run.a.url, run.cookie, () => Date.now()));
});

test('a code taken on A is refused on B; the step begun on A ends on B', async () => {
  const first = await passwordStep(run.a.url, from('198.51.100.20'));
  const code = codeAt(secret, Date.now(), 1);
  const onB = await codeStep(run.b.url, first.pending, code, from('198.51.100.20'));
  assert.is(onB.status, 200, onB.text);
  const session = cookieOf(onB, 'loop_session');
  assert.is((await call(run.a.url, 'GET', '/api/admin/check', { cookie: session })).json.logged_in, true);
  const second = await passwordStep(run.b.url, from('198.51.100.21'));
  const replay = await codeStep(run.a.url, second.pending, code, from('198.51.100.21'));
  assert.is(replay.status, 401, 'the same code on the other instance');
});

test('wrong codes on A and B count on one limit (LOGIN_MAX_FAILURES 5): then even the right code is 429 on either', async () => {
  const ip = from('198.51.100.30');
  const { pending } = await passwordStep(run.a.url, ip);
  for (let attempt = 0; attempt < 5; attempt++) {
    const instance = attempt % 2 === 0 ? run.a : run.b;
    assert.is(
      (await codeStep(instance.url, pending, wrongCodeAt(secret, Date.now()), ip)).status,
      401,
      `wrong code ${attempt + 1} on ${instance.name}`,
    );
  }
  for (const instance of [run.a, run.b]) {
    const locked = await codeStep(instance.url, pending, codeAt(secret, Date.now(), 1), ip);
    assert.is(locked.status, 429, `the right code on ${instance.name}`);
  }
  assert.is((await passwordStep(run.b.url, from('198.51.100.31'))).answer.status, 200, 'another IP is not locked');
});

test.run();
