/**
 * Link requests (sign-in and free trial) from shared and rotating addresses: many phones behind
 * one carrier IPv4 address (CGNAT) all get their links, while one IPv6 /64 walking through its
 * addresses is one client; each e-mail address keeps its own 3 an hour.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LINKS_PER_IPV6_NETWORK_HOUR } from '../../api/account/buyer-services';
import { call, startServer } from '../harness';
import type { TestServer } from '../harness';
import { licenseOf, signInMails } from './buyer-helpers';

let server: TestServer;
test.before(async () => {
  server = await startServer({ TRUST_PROXY: '1' });
});
test.after(async () => {
  await server.close();
});

const ask = (path: string, email: string, ip: string) =>
  call(server.url, 'POST', path, { body: { email }, headers: { 'x-forwarded-for': ip } });

test('30 buyers behind one carrier IPv4 address all get their sign-in links in one hour', async () => {
  const carrier = '198.18.40.1';
  for (let i = 0; i < 30; i++) {
    const email = `phone-${i}@example.com`;
    await licenseOf(server, email);
    const answer = await ask('/api/account/link', email, carrier);
    assert.is(answer.status, 200, `phone ${i}: ${answer.text}`);
  }
  assert.is(await signInMails(server.app.ctx.db, 'phone-29@example.com'), 1);
  const trial = await ask('/api/trial', 'phone-trial@example.com', carrier);
  assert.is(trial.status, 200, trial.text);
});

test('one IPv6 /64 is one client: new addresses in it share its limit, another /64 has its own', async () => {
  const statuses: number[] = [];
  for (let i = 1; i <= LINKS_PER_IPV6_NETWORK_HOUR + 1; i++)
    statuses.push((await ask('/api/trial', `walker-${i}@example.com`, `2001:db8:77:1:${i.toString(16)}::${i}`)).status);
  assert.equal(statuses.slice(0, -1), Array(LINKS_PER_IPV6_NETWORK_HOUR).fill(200));
  assert.is(statuses.at(-1), 429);
  // Spelled another way, still the same /64; the next /64 is another client.
  assert.is((await ask('/api/account/link', 'walker-x@example.com', '2001:0DB8:0077:0001:ffff::1')).status, 429);
  assert.is((await ask('/api/account/link', 'walker-y@example.com', '2001:db8:77:2::1')).status, 200);
});

test('each e-mail address keeps its own 3 an hour, from however many IPv4 addresses', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++)
    statuses.push((await ask('/api/trial', 'one-inbox@example.com', `198.18.50.${i}`)).status);
  assert.equal(statuses, [200, 200, 200, 429]);
});

test('a burst of links from one address is one activity entry; the next one counts those left out', async () => {
  const entries = () =>
    server.app.ctx.db.all<{ summary: string }>(
      "SELECT summary FROM activity_log WHERE action = 'buyer.link_requested' AND ip = ? ORDER BY id",
      ['198.18.70.1'],
    );
  for (let i = 0; i < 5; i++) assert.is((await ask('/api/trial', `burst-${i}@example.com`, '198.18.70.1')).status, 200);
  assert.equal((await entries()).length, 1);
});

test.run();
