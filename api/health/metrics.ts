/**
 * The Prometheus metrics (prom-client), one registry per app so several apps in one process (the
 * tests) never share a series. Requests and licence answers are counted as they happen; the store's
 * figures (outbox, orders, backups) are read when Prometheus scrapes, never on the request path.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { LICENSE_CODES } from '../../contract/calls/license-answer';
import type { LicenseCode } from '../../contract/calls/license-answer';
import { CALLS } from '../../contract/calls/calls';
import { ORDER_EFFECTIVE_STATUSES } from '../../contract/rules/order-effective-status';
import { outboxFigures } from '../../data/monitoring';
import { orderEffectiveStatusCounts } from '../../data/orders';
import type { CoreContext } from '../core-context';
import type { LicenseCall } from '../shared/license-calls';
import { withTimeout } from './with-timeout';

/** Route labels of answers no route of the table matched: bounded, whatever paths clients send. */
export const UNMATCHED_ROUTE = 'unmatched';
/** Pages and built files (the page edge): one label for all of them. */
export const PAGES_ROUTE = 'pages';

const LICENSE_CALLS: readonly LicenseCall[] = ['activate', 'validate', 'deactivate'];
/** The methods the shop answers (its calls', and HEAD as GET); any other method Node parses is `other`, so clients cannot grow the series. */
const ANSWERED_METHODS: ReadonlySet<string> = new Set(['HEAD', ...CALLS.map((call) => call.method)]);
export const OTHER_METHOD = 'other';
/** Most answers take well under 10 ms; uploads and image work take seconds. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A scrape waits at most this long for the store, then reports it down rather than hanging. */
const STORE_TIMEOUT_MS = 2000;

export type Metrics = {
  readonly registry: Registry;
  /** One finished request: its method, route pattern (or a fixed label), status (0: aborted) and duration. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** One answer of the desktop licence API. */
  licenseAnswer(call: LicenseCall, code: LicenseCode): void;
};

/** Seconds since the newest proved backup: Infinity while none is proved, undefined while backups are off. */
export type BackupAgeSource = () => Promise<number | undefined>;

/** Off (undefined) unless METRICS_TOKEN is set: nothing is counted then. */
export function setupMetrics(ctx: CoreContext, backupAge: BackupAgeSource): Metrics | undefined {
  if (!ctx.config.metricsToken) return undefined;
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'loopshop_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status (status 0: the client went away first), with their durations',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const licenseAnswers = new Counter({
    name: 'loopshop_license_answers_total',
    help: 'Answers of the desktop licence API by call and code',
    labelNames: ['call', 'code'],
    registers,
  });
  for (const call of LICENSE_CALLS) for (const code of LICENSE_CODES) licenseAnswers.inc({ call, code }, 0);

  // Every store figure of one scrape comes from one round of queries: the first gauge collected
  // (store_up, registered first) starts it, the others wait for the same round.
  let pending: Promise<void> | undefined;
  const storeUp = new Gauge({
    name: 'loopshop_store_up',
    help: '1 when the store gave the figures of this scrape in time, else 0 (they are left out then)',
    registers,
    collect: () => (pending ??= readStore().finally(() => (pending = undefined))),
  });
  const figure = <Label extends string>(name: string, help: string, labelNames: Label[] = []): Gauge<Label> =>
    new Gauge({ name, help, labelNames, registers, collect: () => pending });
  const storeWritable = figure(
    'loopshop_store_writable',
    '1 while the store takes writes (0: disk full or database refusing them)',
  );
  const queueDepth = figure('loopshop_outbox_queue_depth', 'E-mails waiting to be sent (queued or being sent)');
  const failedMail = figure('loopshop_outbox_failed_messages', 'E-mails the sender gave up on (failed, until resent)');
  const oldestQueued = figure(
    'loopshop_outbox_oldest_queued_age_seconds',
    'Age of the oldest queued e-mail (0 when none is queued)',
  );
  const orders = figure(
    'loopshop_orders',
    'Orders by effective status (contract/rules/order-effective-status.ts): `handled` ones needed the owner and were dealt with',
    ['status'],
  );
  const backupAgeGauge = figure(
    'loopshop_backup_age_seconds',
    'Seconds since the newest proved backup was taken (+Inf while none is proved; absent while BACKUP_DIR is unset)',
  );

  async function readStore(): Promise<void> {
    storeWritable.set(ctx.db.writable ? 1 : 0);
    try {
      const [outbox, byStatus, age] = await withTimeout(
        Promise.all([outboxFigures(ctx.db), orderEffectiveStatusCounts(ctx.db), backupAge()]),
        STORE_TIMEOUT_MS,
      );
      queueDepth.set(outbox.byStatus.queued + outbox.byStatus.sending);
      failedMail.set(outbox.byStatus.failed);
      const oldest = outbox.oldestQueuedAt ? (ctx.now().getTime() - Date.parse(outbox.oldestQueuedAt)) / 1000 : 0;
      oldestQueued.set(Math.max(0, oldest));
      for (const status of ORDER_EFFECTIVE_STATUSES) orders.set({ status }, byStatus[status]);
      if (age === undefined) backupAgeGauge.remove();
      else backupAgeGauge.set(age);
      storeUp.set(1);
    } catch (error) {
      // Last values would look current: a figure the store could not give is left out.
      for (const gauge of [queueDepth, failedMail, oldestQueued, backupAgeGauge]) gauge.remove();
      orders.reset();
      storeUp.set(0);
      ctx.log.warn('metrics: the store did not give its figures', error);
    }
  }
  return {
    registry,
    request(method, route, status, seconds) {
      requests.observe({ method: ANSWERED_METHODS.has(method) ? method : OTHER_METHOD, route, status }, seconds);
    },
    licenseAnswer(call, code) {
      licenseAnswers.inc({ call, code });
    },
  };
}
