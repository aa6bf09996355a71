/**
 * GET /api/activity and /api/license/activity/{id}: newest first, paged, filtered by who, what,
 * object and a period of shop days cut at midnight WIB; and the log cannot be changed, neither
 * through any call nor by SQL (the table's triggers).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CALLS } from '../../contract/calls/calls';
import { ACTIVITY_COUNT_MAX } from '../../contract/rules/paging';
import { recordActivityIn } from '../../data/activity/activity-log';
import type { ActivityEntry } from '../../data/activity/activity-log';
import { assertError } from './admin-api-helpers';
import { activitySuite } from './activity-helpers';
import type { Entry } from './activity-helpers';

// The session's own entries (a sign-in) fall a month after the seeded ones.
const log = activitySuite(test, '2026-07-01T03:00:00.000Z');

const BASE: ActivityEntry = {
  at: '',
  actor: 'admin',
  actorLabel: 'owner',
  ip: '203.0.113.1',
  action: 'license.extended',
  objectType: 'license',
  objectId: '7',
  summary: 's',
  before: { expired_date: 'a' },
  after: { expired_date: 'b' },
};

// Around midnight WIB (17:00 UTC) of 1 June 2026, and a few other days.
const SEEDED: Array<Partial<ActivityEntry>> = [
  {
    at: '2026-05-30T10:00:00.000Z',
    actor: 'buyer',
    actorLabel: 'Siti@Contoh.id',
    action: 'mail.resent',
    objectType: 'mail',
    objectId: '3',
  },
  { at: '2026-05-31T16:59:59.999Z', summary: 'last of 31 May WIB' },
  { at: '2026-05-31T17:00:00.000Z', summary: 'first of 1 June WIB', objectId: '8' },
  {
    at: '2026-06-01T16:59:59.999Z',
    actor: 'lynk',
    actorLabel: null,
    action: 'order.paid',
    objectType: 'order',
    objectId: '7',
  },
  { at: '2026-06-01T17:00:00.000Z', actor: 'system', actorLabel: null, ip: null, action: 'license.shortened' },
];

const ids = (entries: Entry[]): string[] => entries.map((entry) => `${entry.at} ${entry.action}`);

test.before(async () => {
  const db = log.server.app.ctx.db;
  for (const seed of SEEDED) await db.transaction((tx) => recordActivityIn(tx, { ...BASE, ...seed }));
});

test('newest first, every field as written; JSON before/after come back as values', async () => {
  const { entries, total, pages, page } = await log.list('?action=license.extended');
  assert.equal([total, pages, page], [2, 1, 1]);
  assert.equal(ids(entries), [
    '2026-05-31T17:00:00.000Z license.extended',
    '2026-05-31T16:59:59.999Z license.extended',
  ]);
  const { id, ...rest } = entries[0]!;
  assert.type(id, 'number');
  assert.equal(rest, {
    at: '2026-05-31T17:00:00.000Z',
    actor: 'admin',
    actor_label: 'owner',
    ip: '203.0.113.1',
    action: 'license.extended',
    object_type: 'license',
    object_id: '8',
    summary: 'first of 1 June WIB',
    before: { expired_date: 'a' },
    after: { expired_date: 'b' },
  });
});

test('a period of shop days is cut at midnight WIB, both ends included', async () => {
  const june1 = await log.list('?from=2026-06-01&to=2026-06-01&actor=admin');
  assert.equal(ids(june1.entries), ['2026-05-31T17:00:00.000Z license.extended']);
  const may31 = await log.list('?from=2026-05-31&to=2026-05-31');
  assert.equal(ids(may31.entries), ['2026-05-31T16:59:59.999Z license.extended']);
  const fromJune = await log.list('?from=2026-06-01&object_type=license');
  assert.equal(
    fromJune.entries.map((entry) => entry.summary),
    ['s', 'first of 1 June WIB'],
  );
  const toMay30 = await log.list('?to=2026-05-30');
  assert.equal(ids(toMay30.entries), ['2026-05-30T10:00:00.000Z mail.resent']);
});

test('filters: actor kind, who (whole label, any case), action, object; they combine', async () => {
  assert.equal(ids((await log.list('?actor=lynk')).entries), ['2026-06-01T16:59:59.999Z order.paid']);
  assert.equal(ids((await log.list('?who=siti@contoh.ID')).entries), ['2026-05-30T10:00:00.000Z mail.resent']);
  assert.equal((await log.list('?who=siti')).total, 0, 'the whole label, not a part');
  assert.equal((await log.list('?object_type=license&object_id=7')).total, 2);
  assert.equal((await log.list('?object_type=order&object_id=7')).total, 1);
  assert.equal((await log.list('?actor=system&object_type=license&object_id=7&action=license.shortened')).total, 1);
  assert.equal((await log.list('?actor=admin&action=order.paid')).total, 0);
});

test('paging: per_page, page past the end is empty, the oldest page read from its end', async () => {
  const first = await log.list('?object_type=license&per_page=1');
  assert.equal([first.total, first.pages, first.entries.length], [3, 3, 1]);
  const all = [
    first,
    await log.list('?object_type=license&per_page=1&page=2'),
    await log.list('?object_type=license&per_page=1&page=3'),
  ];
  assert.equal(
    all.map((page) => page.entries[0]!.at),
    ['2026-06-01T17:00:00.000Z', '2026-05-31T17:00:00.000Z', '2026-05-31T16:59:59.999Z'],
  );
  const past = await log.list('?object_type=license&per_page=2&page=9');
  assert.equal([past.entries, past.total, past.page], [[], 3, 9]);
});

test('a filter counts at most 10,000 entries: the newest ones, in 200 pages, with more: true; a period reaches the rest', async () => {
  const db = log.server.app.ctx.db;
  const start = Date.parse('2025-01-01T00:00:00.000Z');
  await db.transaction(async (tx) => {
    for (let index = 0; index <= ACTIVITY_COUNT_MAX; index++) {
      const at = new Date(start + index * 60_000).toISOString();
      await recordActivityIn(tx, { ...BASE, at, actor: 'system', action: 'prompt.deleted', objectType: 'prompt' });
    }
  });
  const first = await log.list('?action=prompt.deleted');
  assert.equal([first.total, first.pages, first.more], [ACTIVITY_COUNT_MAX, ACTIVITY_COUNT_MAX / 50, true]);
  const last = await log.list(`?action=prompt.deleted&page=${ACTIVITY_COUNT_MAX / 50}`);
  assert.is(last.entries.length, 50);
  assert.is(last.entries.at(-1)!.at, new Date(start + 60_000).toISOString(), 'the oldest counted is the second entry');
  assert.equal((await log.list(`?action=prompt.deleted&page=${ACTIVITY_COUNT_MAX / 50 + 1}`)).entries, []);
  const firstDay = await log.list('?action=prompt.deleted&to=2025-01-01');
  assert.equal([firstDay.total, firstDay.more], [17 * 60, false], 'until midnight WIB: 17 hours of entries');
  assert.is(firstDay.entries[0]!.at, '2025-01-01T16:59:00.000Z', 'the last minute before midnight WIB');
});

test('one licence’s entries: /api/license/activity/{id}, also when no licence has that id any more', async () => {
  const answer = await log.api('GET', '/api/license/activity/7');
  assert.is(answer.status, 200, answer.text);
  const entries = answer.json.entries as Entry[];
  assert.is(answer.json.license, null, 'no licence has id 7');
  assert.equal(ids(entries), [
    '2026-06-01T17:00:00.000Z license.shortened',
    '2026-05-31T16:59:59.999Z license.extended',
  ]);
  assertError(await log.api('GET', '/api/license/activity/999999'), 404, 'License not found');
  assert.is((await log.api('GET', '/api/license/activity/abc')).status, 404);
});

test('bad filters: 400 naming the field; no session: 401', async () => {
  const cases: Array<[string, string]> = [
    ['?actor=robot', 'actor must be admin, buyer, lynk or system'],
    ['?action=license.exploded', 'action is not a known action'],
    ['?object_type=galaxy', 'object_type is not a known object'],
    ['?from=2026-13-01', 'from must be a day like 2026-11-27'],
    ['?from=yesterday', 'from must be a day like 2026-11-27'],
    ['?to=2026-02-30', 'to must be a day like 2026-11-27'],
    ['?from=2026-06-02&to=2026-06-01', 'to must not be before from'],
    ['?object_id=7', 'object_id needs object_type'],
  ];
  for (const [query, error] of cases) assertError(await log.api('GET', `/api/activity${query}`), 400, error, query);
  const anonymous = await fetch(`${log.server.url}/api/activity`);
  assert.is(anonymous.status, 401);
});

test('append-only: every call of the API, tried with the admin’s session, leaves the entries as they were', async () => {
  for (const call of CALLS) {
    if (call.path.includes('activity')) assert.is(call.method, 'GET', `${call.id} only reads the log`);
  }
  // Objects with the ids the calls below name, so deletes and updates really happen.
  await log.api('POST', '/api/license/create', { email: 'a@contoh.id', expired_date: '2027-01-01T00:00:00Z' });
  const before = await log.rows();
  // The calls that end the session go last, so every other one runs signed in.
  const endsSession = (id: string): boolean => /logout|endSession/i.test(id);
  const ordered = [...CALLS.filter((c) => !endsSession(c.id)), ...CALLS.filter((c) => endsSession(c.id))];
  for (const call of ordered) {
    const path = call.path.replace(/\{[^}]+\}/g, (name) => (name === '{filename}' ? 'x.webp' : '1'));
    await log.api(call.method, path, call.method === 'GET' ? undefined : {});
  }
  const after = await log.rows();
  assert.equal(after.slice(0, before.length), before, 'nothing edited or removed');
});

test('append-only in the database: UPDATE and DELETE on activity_log are refused, nothing changes', async () => {
  const db = log.server.app.ctx.db;
  const before = await log.rows();
  for (const sql of [
    "UPDATE activity_log SET summary = 'forged'",
    'DELETE FROM activity_log',
    'DELETE FROM activity_log WHERE id = 1',
  ]) {
    let refused: unknown;
    await db.transaction((tx) => tx.run(sql)).catch((error: unknown) => (refused = error));
    assert.match(String(refused), 'activity_log is append-only', sql);
  }
  assert.equal(await log.rows(), before);
});

test.run();
