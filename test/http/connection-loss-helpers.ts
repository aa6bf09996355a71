/**
 * For tests that cut PostgreSQL connections under two running instances: the instances' backends
 * by kind, found in pg_stat_activity and pg_locks and ended with pg_terminate_backend, and paid
 * orders sent the way Lynk.id does (a 503 is retried after a short wait until it is acknowledged).
 */
import pg from 'pg';
import { APPLICATION_NAME } from '../../data/postgres/postgres-store';
import { CHANGES_CHANNEL } from '../../data/postgres/change-listener';
import { call } from '../harness';
import { paymentDelivery, WEBHOOK } from './lynk-helpers';
import type { Delivery } from './lynk-helpers';

/** Connections the instances hold: a transaction's, an exclusive job's lock, the change listener. */
export type ConnectionKind = 'transaction' | 'lock' | 'listener';

const OURS = `datname = current_database() AND application_name = '${APPLICATION_NAME}'`;
const FIND: Record<ConnectionKind, string> = {
  // Inside an explicit transaction: a client the store checked out of the pool for it.
  transaction: `SELECT pid FROM pg_stat_activity WHERE ${OURS}
    AND (state = 'idle in transaction' OR (state = 'active' AND xact_start < query_start))`,
  // A session-level advisory lock held between queries: an exclusive job's lock connection.
  lock: `SELECT a.pid FROM pg_stat_activity a JOIN pg_locks l ON l.pid = a.pid
    WHERE ${OURS} AND l.locktype = 'advisory' AND l.granted AND a.state = 'idle'`,
  listener: `SELECT pid FROM pg_stat_activity WHERE ${OURS} AND query = 'LISTEN ${CHANGES_CHANNEL}'`,
};

export type Backends = {
  /** The pids of the instances' connections of that kind now. */
  find: (kind: ConnectionKind) => Promise<number[]>;
  /** Waits until a connection of that kind exists, then terminates every one; their pids. */
  cut: (kind: ConnectionKind, timeoutMs?: number) => Promise<number[]>;
  close: () => Promise<void>;
};

/** The test's own connections (another application name, so never cut and never counted). */
export function backendsOf(databaseUrl: string): Backends {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: 'connection-cutter' });
  // Its connections die with the cluster's stop too; the next query connects again.
  pool.on('error', () => undefined);
  // A connection the restarted server ended may still be handed out once: asked again on a new one.
  const find = async (kind: ConnectionKind): Promise<number[]> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return (await pool.query<{ pid: number }>(FIND[kind])).rows.map((row) => row.pid);
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  };
  return {
    find,
    async cut(kind, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // Found first, then ended: in one statement the planner may call pg_terminate_backend before filtering.
        const found = await find(kind);
        if (found.length > 0) {
          await pool.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [found]);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no ${kind} connection to cut within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    close: () => pool.end(),
  };
}

export type Payment = { delivery: Delivery; email: string; refId: string; acknowledged: boolean };

/** Paid orders sent by `workers` payers at once to the instances in turn, until stopped. */
export type Traffic = {
  payments: Payment[];
  /** Every answer (status, or the network error of a dead or dropped server) with its text. */
  answers: Array<{ status: number | string; text: string }>;
  acknowledged: () => number;
  /** Answers 503 so far. */
  refused: () => number;
  /** No new payments; each payer retries its last one until acknowledged (or `timeoutMs` passed). */
  stop: (timeoutMs?: number) => Promise<void>;
};

export function startTraffic(urls: readonly string[], workers: number): Traffic {
  const payments: Payment[] = [];
  const answers: Traffic['answers'] = [];
  let stopping = false;
  let deadline = Infinity;
  const send = async (url: string, payment: Payment): Promise<number | string> => {
    try {
      const answer = await call(url, 'POST', WEBHOOK, {
        body: payment.delivery.body,
        headers: { 'x-lynk-signature': payment.delivery.signature },
      });
      answers.push({ status: answer.status, text: answer.text });
      return answer.status;
    } catch (error) {
      const text = `${(error as Error).message} ${String((error as Error).cause ?? '')}`;
      answers.push({ status: 'network error', text });
      return 'network error';
    }
  };
  const payer = async (): Promise<void> => {
    while (!stopping) {
      const n = payments.length;
      const refId = `LOSS${String(n).padStart(6, '0')}`;
      const email = `payer-${n}@example.com`;
      const payment: Payment = { delivery: paymentDelivery({ refId, email }), email, refId, acknowledged: false };
      payments.push(payment);
      for (let attempt = 0; Date.now() < deadline; attempt++) {
        const status = await send(urls[(n + attempt) % urls.length]!, payment);
        if (status === 200) {
          payment.acknowledged = true;
          break;
        }
        // Lynk.id retries a refused delivery later; here soon, so the test does not wait long.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  const running = Promise.all(Array.from({ length: workers }, payer));
  return {
    payments,
    answers,
    acknowledged: () => payments.filter((payment) => payment.acknowledged).length,
    refused: () => answers.filter((answer) => answer.status === 503).length,
    async stop(timeoutMs = 60_000) {
      stopping = true;
      deadline = Date.now() + timeoutMs;
      await running;
    },
  };
}
