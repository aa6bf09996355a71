/**
 * The migration (both engines) that adds the Insights summaries; data/insights/summary-figures.ts
 * reads them. Released: never edit it, add a new migration.
 *
 * `insight_hours` holds, per figure, UTC hour and item, a count and an amount; triggers keep it in
 * the same transaction as the row they count, whoever writes (a call, the webhook, a script, a
 * restore), so it cannot drift. Hours, not shop days: the shop's zone is configuration, and a
 * whole-hour zone's midnights fall on UTC hours (other edges are counted from the rows).
 * `insight_shared` notes device events of a licence seen from 2 or more devices within 25 hours:
 * the only licences whose shop days can hold a possibly shared key. Orders, order links, reminders
 * and audit events are only ever inserted; licences and LoopStream records also move and leave.
 */
import { PAID_ORDER_STATUSES_SQL } from '../order-status-sql';

export type Engine = 'sqlite' | 'postgres';

const DEVICE_EVENTS = "('activated', 'validation_failed', 'rate_limited', 'deactivated')";
export const COLUMNS = 'INSERT INTO insight_hours (figure, hour, item, label, n, amount)';
export const BUMP =
  'ON CONFLICT (figure, hour, item, label) DO UPDATE SET n = insight_hours.n + excluded.n, amount = insight_hours.amount + excluded.amount';

/** What the engines spell differently. */
export function dialect(engine: Engine) {
  const sqlite = engine === 'sqlite';
  return {
    json: (column: string, key: string) =>
      sqlite ? `json_extract(${column}, '$.${key}')` : `(${column}::jsonb ->> '${key}')`,
    /** `later` at most 7 days after `earlier`. */
    week: (later: string, earlier: string) =>
      sqlite
        ? `julianday(${later}) <= julianday(${earlier}) + 7`
        : `(${later})::timestamptz <= (${earlier})::timestamptz + interval '7 days'`,
    /** An ISO text time moved by whole hours, as ISO text. */
    shift: (at: string, hours: number) =>
      sqlite
        ? `strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, '${hours > 0 ? '+' : ''}${hours} hours')`
        : `to_char((${at})::timestamptz AT TIME ZONE 'UTC' + interval '${hours} hours', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    /** An order's items as rows `value` (an item's JSON). */
    items: (order: string) =>
      sqlite ? `json_each(${order}.items)` : `jsonb_array_elements(${order}.items::jsonb) AS item(value)`,
    field: (key: string) => (sqlite ? `json_extract(value, '$.${key}')` : `(value ->> '${key}')`),
    total: sqlite
      ? "coalesce(sum(json_extract(value, '$.price') * json_extract(value, '$.qty')), 0)"
      : "round(coalesce(sum((value ->> 'price')::numeric * (value ->> 'qty')::numeric), 0))::bigint",
    ignore: sqlite ? 'INSERT OR IGNORE INTO' : 'INSERT INTO',
    ignoreEnd: sqlite ? '' : 'ON CONFLICT DO NOTHING',
    text: sqlite ? 'TEXT' : 'TEXT COLLATE "C"',
    integer: sqlite ? 'INTEGER' : 'BIGINT',
    withoutRowid: sqlite ? 'WITHOUT ROWID' : '',
  };
}

export type Trigger = { name: string; on: string; when?: string; body: string };

/** A row trigger: SQLite runs the body itself, PostgreSQL through a function of the same name. */
export function createTrigger(engine: Engine, trigger: Trigger): string {
  return engine === 'sqlite'
    ? `CREATE TRIGGER ${trigger.name} ${trigger.on}${trigger.when ? ` WHEN ${trigger.when}` : ''} BEGIN ${trigger.body} END;`
    : `CREATE FUNCTION ${trigger.name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${trigger.body} RETURN NULL; END $$;
         CREATE TRIGGER ${trigger.name} ${trigger.on} FOR EACH ROW${trigger.when ? ` WHEN (${trigger.when})` : ''}
           EXECUTE FUNCTION ${trigger.name}();`;
}

/** A summary table: per figure, UTC `bucket` (an hour or a day), item and label, a count and an amount. */
function summaryTable(engine: Engine, table: string, bucket: 'hour' | 'day'): string {
  const d = dialect(engine);
  return `CREATE TABLE ${table} (
      figure ${d.text} NOT NULL,
      ${bucket} ${d.text} NOT NULL,
      item ${d.text} NOT NULL,
      label ${d.text} NOT NULL,
      n ${d.integer} NOT NULL,
      amount ${d.integer} NOT NULL,
      PRIMARY KEY (figure, ${bucket}, item, label)
    ) ${d.withoutRowid};`;
}

function statements(engine: Engine) {
  const d = dialect(engine);
  const reminded = (
    sent: string,
  ): string => `ol.change = 'extended' AND o.id = ol.order_id AND o.status IN ${PAID_ORDER_STATUSES_SQL}
    AND o.created_at >= ${sent} AND ${d.week('o.created_at', sent)}`;
  const window = (event: string): string => `(SELECT count(DISTINCT e.device_id) FROM license_events e
    WHERE e.license_id = ${event}.license_id AND e.at > ${d.shift(`${event}.at`, -25)} AND e.at < ${d.shift(`${event}.at`, 25)}
      AND e.type IN ${DEVICE_EVENTS} AND e.device_id IS NOT NULL) >= 2`;
  const eventFigure = (event: string): string => `CASE ${event}.type WHEN 'validation_failed' THEN 'refusal'
    WHEN 'rate_limited' THEN 'rate_limited' WHEN 'activated' THEN 'activated' ELSE 'moved' END`;
  const code = (event: string): string =>
    `CASE WHEN ${event}.type = 'validation_failed' THEN coalesce(${d.json(`${event}.data`, 'code')}, '') ELSE '' END`;
  const old = (event: string): string => d.json(`${event}.data`, 'old');
  const EVENT_TYPES = "('validation_failed', 'rate_limited', 'activated', 'deactivated', 'admin_unbound')";
  /** A licence's or LoopStream record's figures, `sign` 1 for a row that arrived, -1 for one that left. */
  const spans = (prefix: 'license' | 'loopstream', row: string, sign: 1 | -1): string => {
    const running = `${row}.created_at < ${row}.expired_date`;
    const expiry = `${COLUMNS} VALUES ('license_expiry', substr(${row}.expired_date, 1, 13), '', '', ${sign}, 0) ${BUMP};`;
    return `
      ${COLUMNS} SELECT '${prefix}_start', substr(${row}.created_at, 1, 13), '', '', ${sign}, 0 WHERE ${running} ${BUMP};
      ${COLUMNS} SELECT '${prefix}_end', substr(${row}.expired_date, 1, 13), '', '', ${sign}, 0 WHERE ${running} ${BUMP};
      ${prefix === 'license' ? expiry : ''}`;
  };
  const triggers: Trigger[] = [
    {
      name: 'insight_orders',
      on: 'AFTER INSERT ON orders',
      body: `
      ${COLUMNS} SELECT 'paid', substr(NEW.created_at, 1, 13), '', '', 1, NEW.amount_idr WHERE NEW.status IN ${PAID_ORDER_STATUSES_SQL} ${BUMP};
      ${COLUMNS} SELECT 'review', substr(NEW.created_at, 1, 13), '', '', 1, NEW.amount_idr
        WHERE NEW.status = 'needs_review' ${BUMP};
      ${COLUMNS} SELECT 'renewal', substr(NEW.created_at, 1, 13), '', '', 1, NEW.amount_idr WHERE NEW.status IN ${PAID_ORDER_STATUSES_SQL}
        AND EXISTS (SELECT 1 FROM order_licenses ol WHERE ol.order_id = NEW.id AND ol.change = 'extended') ${BUMP};
      ${COLUMNS} SELECT 'plan', substr(NEW.created_at, 1, 13), coalesce(${d.field('plan_id')}, ''),
          coalesce(max(${d.field('plan_name')}), ''), 1, ${d.total}
        FROM ${d.items('NEW')} WHERE NEW.status IN ${PAID_ORDER_STATUSES_SQL} GROUP BY ${d.field('plan_id')} ${BUMP};`,
    },
    {
      name: 'insight_order_links',
      on: 'AFTER INSERT ON order_licenses',
      when: "NEW.change = 'extended'",
      body: `
      ${COLUMNS} SELECT 'renewal', substr(o.created_at, 1, 13), '', '', 1, o.amount_idr FROM orders o
        WHERE o.id = NEW.order_id AND o.status IN ${PAID_ORDER_STATUSES_SQL} AND NOT EXISTS (SELECT 1 FROM order_licenses x
          WHERE x.order_id = NEW.order_id AND x.change = 'extended' AND x.license_id <> NEW.license_id) ${BUMP};
      ${COLUMNS} SELECT 'reminder_renewed', substr(r.created_at, 1, 13), '', '', count(*), 0
        FROM license_reminders r, order_licenses ol, orders o
        WHERE r.license_id = NEW.license_id AND ol.order_id = NEW.order_id AND ol.license_id = NEW.license_id
          AND ${reminded('r.created_at')} AND NOT EXISTS (SELECT 1 FROM order_licenses ol, orders o
            WHERE ol.license_id = r.license_id AND ol.order_id <> NEW.order_id AND ${reminded('r.created_at')})
        GROUP BY substr(r.created_at, 1, 13) ${BUMP};`,
    },
    {
      name: 'insight_reminders',
      on: 'AFTER INSERT ON license_reminders',
      body: `
      ${COLUMNS} VALUES ('reminder', substr(NEW.created_at, 1, 13), '', '', 1, 0) ${BUMP};
      ${COLUMNS} SELECT 'reminder_renewed', substr(NEW.created_at, 1, 13), '', '', 1, 0 WHERE EXISTS (SELECT 1
        FROM order_licenses ol, orders o WHERE ol.license_id = NEW.license_id AND ${reminded('NEW.created_at')}) ${BUMP};`,
    },
    {
      name: 'insight_license_events',
      on: 'AFTER INSERT ON license_events',
      body: `
      ${COLUMNS} SELECT ${eventFigure('NEW')}, substr(NEW.at, 1, 13), ${code('NEW')}, '', 1, 0
        WHERE NEW.type IN ${EVENT_TYPES} ${BUMP};
      ${COLUMNS} SELECT 'expiry_moved', substr(${old('NEW')}, 1, 13),
          CASE WHEN ${d.week('NEW.at', old('NEW'))} THEN 'renewed' ELSE 'late' END, '', 1, 0
        WHERE NEW.type = 'expiry_changed' AND NEW.actor = 'order' AND ${old('NEW')} IS NOT NULL ${BUMP};
      ${d.ignore} insight_shared (at, license_id) SELECT NEW.at, NEW.license_id
        WHERE NEW.type IN ${DEVICE_EVENTS} AND NEW.device_id IS NOT NULL AND ${window('NEW')} ${d.ignoreEnd};`,
    },
  ];
  for (const [table, prefix] of [
    ['licenses', 'license'],
    ['loopstreams', 'loopstream'],
  ] as const) {
    triggers.push(
      { name: `insight_${table}_insert`, on: `AFTER INSERT ON ${table}`, body: spans(prefix, 'NEW', 1) },
      { name: `insight_${table}_delete`, on: `AFTER DELETE ON ${table}`, body: spans(prefix, 'OLD', -1) },
      {
        name: `insight_${table}_update`,
        on: `AFTER UPDATE OF created_at, expired_date ON ${table}`,
        body: spans(prefix, 'OLD', -1) + spans(prefix, 'NEW', 1),
      },
    );
  }
  const hourly = (figure: string, time: string, from: string, where: string): string =>
    `${COLUMNS} SELECT '${figure}', substr(${time}, 1, 13), '', '', count(*), 0 FROM ${from} WHERE ${where} GROUP BY substr(${time}, 1, 13);`;
  const fill = `
    ${COLUMNS} SELECT CASE WHEN status = 'needs_review' THEN 'review' ELSE 'paid' END, substr(created_at, 1, 13), '', '',
        count(*), sum(amount_idr) FROM orders WHERE status IN ('fulfilled', 'needs_setup', 'needs_review') GROUP BY 1, 2;
    ${COLUMNS} SELECT 'renewal', substr(o.created_at, 1, 13), '', '', count(*), sum(o.amount_idr) FROM orders o
      WHERE o.status IN ${PAID_ORDER_STATUSES_SQL} AND EXISTS (SELECT 1 FROM order_licenses ol WHERE ol.order_id = o.id AND ol.change = 'extended')
      GROUP BY 2;
    ${COLUMNS} SELECT 'plan', hour, plan, name, count(*), sum(total) FROM (
        SELECT substr(o.created_at, 1, 13) AS hour, coalesce(${d.field('plan_id')}, '') AS plan,
          coalesce(max(${d.field('plan_name')}), '') AS name, ${d.total} AS total
        FROM orders o, ${d.items('o')} WHERE o.status IN ${PAID_ORDER_STATUSES_SQL} GROUP BY o.id, o.created_at, ${d.field('plan_id')}
      ) per_order GROUP BY hour, plan, name;
    ${hourly('reminder', 'created_at', 'license_reminders', 'true')}
    ${hourly('reminder_renewed', 'r.created_at', 'license_reminders r', `EXISTS (SELECT 1 FROM order_licenses ol, orders o WHERE ol.license_id = r.license_id AND ${reminded('r.created_at')})`)}
    ${COLUMNS} SELECT ${eventFigure('e')}, substr(e.at, 1, 13), ${code('e')}, '', count(*), 0
      FROM license_events e WHERE e.type IN ${EVENT_TYPES} GROUP BY 1, 2, 3;
    ${COLUMNS} SELECT 'expiry_moved', substr(${old('e')}, 1, 13), CASE WHEN ${d.week('e.at', old('e'))} THEN 'renewed' ELSE 'late' END,
        '', count(*), 0
      FROM license_events e WHERE e.type = 'expiry_changed' AND e.actor = 'order' AND ${old('e')} IS NOT NULL GROUP BY 2, 3;
    INSERT INTO insight_shared (at, license_id) SELECT DISTINCT d.at, d.license_id FROM license_events d
      WHERE d.type IN ${DEVICE_EVENTS} AND d.device_id IS NOT NULL AND ${window('d')};
    ${hourly('license_start', 'created_at', 'licenses', 'created_at < expired_date')}
    ${hourly('license_end', 'expired_date', 'licenses', 'created_at < expired_date')}
    ${hourly('license_expiry', 'expired_date', 'licenses', 'true')}
    ${hourly('loopstream_start', 'created_at', 'loopstreams', 'created_at < expired_date')}
    ${hourly('loopstream_end', 'expired_date', 'loopstreams', 'created_at < expired_date')}`;
  return { d, triggers, fill };
}

/** The summaries of the rows already in the store (the verify test runs it again on cleared tables). */
export function insightSummaryFill(engine: Engine): string {
  return statements(engine).fill;
}

export function insightSummaryMigration(engine: Engine): string {
  const { d, triggers, fill } = statements(engine);
  const tables = `
    ${summaryTable(engine, 'insight_hours', 'hour')}
    CREATE TABLE insight_shared (
      at ${d.text} NOT NULL,
      license_id ${d.integer} NOT NULL,
      PRIMARY KEY (at, license_id)
    ) ${d.withoutRowid};
    CREATE INDEX license_events_license_at ON license_events (license_id, at, device_id);`;
  return [tables, ...triggers.map((trigger) => createTrigger(engine, trigger)), fill].join('\n');
}

/**
 * The next migration: `insight_days`, the hourly summaries added up per UTC day by triggers on
 * `insight_hours` (a year is then some hundreds of rows per figure, the edges' hours read hourly).
 */
export function insightDaysMigration(engine: Engine): string {
  const bump =
    'ON CONFLICT (figure, day, item, label) DO UPDATE SET n = insight_days.n + excluded.n, amount = insight_days.amount + excluded.amount';
  const add = (row: string, sign: string) =>
    `INSERT INTO insight_days (figure, day, item, label, n, amount)
       SELECT ${row}.figure, substr(${row}.hour, 1, 10), ${row}.item, ${row}.label, ${sign}${row}.n, ${sign}${row}.amount ${bump};`;
  const triggers = [
    { name: 'insight_days_insert', on: 'AFTER INSERT ON insight_hours', body: add('NEW', '') },
    { name: 'insight_days_update', on: 'AFTER UPDATE ON insight_hours', body: add('OLD', '-') + add('NEW', '') },
    { name: 'insight_days_delete', on: 'AFTER DELETE ON insight_hours', body: add('OLD', '-') },
  ];
  return [
    summaryTable(engine, 'insight_days', 'day'),
    ...triggers.map((trigger) => createTrigger(engine, trigger)),
    `INSERT INTO insight_days (figure, day, item, label, n, amount)
      SELECT figure, substr(hour, 1, 10), item, label, sum(n), sum(amount) FROM insight_hours GROUP BY figure, substr(hour, 1, 10), item, label;`,
  ].join('\n');
}
