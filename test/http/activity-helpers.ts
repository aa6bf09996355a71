/**
 * The activity log tests' server: the admin signed in, behind a trusted proxy so each call's IP is
 * the one the test names, and helpers that read the entries a step left.
 */
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import type { ApiAnswer, TestServer } from '../harness';
import { fixedClock } from './admin-api-helpers';
import type { Clock } from './admin-api-helpers';

export const ADMIN_IP = '198.51.100.23';

export type Entry = {
  id: number;
  at: string;
  actor: string;
  actor_label: string | null;
  ip: string | null;
  action: string;
  object_type: string | null;
  object_id: string | null;
  summary: string;
  before: unknown;
  after: unknown;
};

export type ActivitySuite = {
  readonly server: TestServer;
  readonly cookie: string;
  clock: Clock;
  /** An admin call from ADMIN_IP. */
  api: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;
  /** Every entry, oldest first, read straight from the table. */
  rows: () => Promise<Entry[]>;
  /** Runs `step` and answers the entries it added (through the list call, oldest first). */
  added: (step: () => Promise<unknown>) => Promise<Entry[]>;
  /** One page of GET /api/activity with this query. */
  list: (query?: string) => Promise<{ entries: Entry[]; total: number; pages: number; page: number; more: boolean }>;
};

export function activitySuite(suite: Test, iso = '2026-06-01T03:00:00.000Z'): ActivitySuite {
  const clock = fixedClock(iso);
  let server: TestServer | undefined;
  let cookie = '';
  suite.before(async () => {
    server = await startServer({ TRUST_PROXY: '1' }, { now: clock.at });
    cookie = await loginCookie(server.url);
  });
  suite.after(async () => {
    await server?.close();
  });
  const started = (): TestServer => {
    if (!server) throw new Error('activitySuite: used outside the tests');
    return server;
  };
  const api = (method: string, path: string, body?: unknown) =>
    call(started().url, method, path, { body, cookie, headers: { 'x-forwarded-for': ADMIN_IP } });
  const list = async (query = '') => {
    const answer = await api('GET', `/api/activity${query}`);
    assert.is(answer.status, 200, answer.text);
    return answer.json as unknown as { entries: Entry[]; total: number; pages: number; page: number; more: boolean };
  };
  const rows = async (): Promise<Entry[]> =>
    (await started().app.ctx.db.all<Entry & { before_json: string | null; after_json: string | null }>(
      'SELECT * FROM activity_log ORDER BY id',
    )) as Entry[];
  return {
    get server() {
      return started();
    },
    get cookie() {
      return cookie;
    },
    clock,
    api,
    rows,
    list,
    async added(step) {
      const last = (await rows()).at(-1)?.id ?? 0;
      await step();
      const { entries } = await list('?per_page=100');
      return entries.filter((entry) => entry.id > last).reverse();
    },
  };
}

/** Exactly one entry, by the admin from ADMIN_IP, with this action and object; answers it. */
export function onlyAdminEntry(entries: Entry[], action: string, objectType: string, objectId: string | null): Entry {
  assert.is(entries.length, 1, JSON.stringify(entries));
  const entry = entries[0]!;
  assert.equal(
    [entry.actor, entry.actor_label, entry.ip, entry.action, entry.object_type, entry.object_id],
    ['admin', 'admin', ADMIN_IP, action, objectType, objectId],
  );
  return entry;
}
