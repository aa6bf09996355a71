/**
 * One free trial per inbox and per device: Gmail's dotted, +tagged and googlemail.com spellings of
 * one inbox get one trial; a device id in another case is the same device; two trial keys
 * activated at the same moment on one new device get one activation.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkAnswer } from '../answer-check';
import { call, startServer } from '../harness';
import type { TestServer } from '../harness';
import { freshIp, mailedToken, openLink } from './buyer-helpers';
import { activate, deviceId } from './license-app-helpers';

let server: TestServer;
test.before(async () => {
  // The answer check compiles the OpenAPI document on first use; done here, not between two calls
  // on one kept-alive connection, which a slow machine lets the server close (ECONNRESET).
  checkAnswer({ method: 'GET', url: '/api/trial', status: 200 });
  server = await startServer({ TRUST_PROXY: '1' });
});
test.after(async () => {
  await server.close();
});

type Trial = { issued: boolean; license_id: number | null };

async function takeTrial(email: string): Promise<Trial> {
  const asked = await call(server.url, 'POST', '/api/trial', { body: { email }, headers: freshIp() });
  assert.is(asked.status, 200, asked.text);
  const opened = await openLink(server.url, (await mailedToken(server.app.ctx.db, email))!);
  assert.is(opened.status, 200, opened.text);
  return opened.json.trial as Trial;
}

async function keyOf(id: number | null): Promise<string> {
  const row = await server.app.ctx.db.get<{ license_key: string }>('SELECT license_key FROM licenses WHERE id = ?', [
    id,
  ]);
  return row!.license_key;
}

test('one Gmail inbox under its dotted, +tagged and googlemail.com spellings gets one trial', async () => {
  assert.is((await takeTrial('john.doe@gmail.com')).issued, true);
  for (const email of ['j.o.h.n.doe+trial2@gmail.com', 'johndoe@googlemail.com'])
    assert.is((await takeTrial(email)).issued, false, email);
  assert.is((await takeTrial('johndoe@example.com')).issued, true);
});

test('a device id in upper case is the same device: the second trial key is refused there', async () => {
  const one = await takeTrial('case-one@example.com');
  const two = await takeTrial('case-two@example.com');
  assert.is((await activate(server, await keyOf(one.license_id), deviceId('casepc'))).status, 201);
  const refused = await activate(server, await keyOf(two.license_id), deviceId('casepc').toUpperCase());
  assert.equal([refused.status, refused.json.code], [403, 'TRIAL_ALREADY_USED']);
});

test('two trial keys activated at the same moment on one new device: one is activated', async () => {
  for (let round = 0; round < 4; round++) {
    const keys = [
      await keyOf((await takeTrial(`race-${round}-a@example.com`)).license_id),
      await keyOf((await takeTrial(`race-${round}-b@example.com`)).license_id),
    ];
    const device = deviceId(`race${round}`);
    const answers = await Promise.all(keys.map((key) => activate(server, key, device)));
    assert.equal(answers.map((answer) => answer.status).sort(), [201, 403], `round ${round}`);
  }
});

test.run();
