/**
 * A shop's history for the insights tests, written straight into the store: a year of orders
 * (paid, waiting for set-up, needing review; first purchases and renewals), licences expiring all
 * over it, renewals before and after their expiry, reminders, LoopStream records and the desktop
 * app's audit events; with rows exactly at and just before midnight WIB at the period edges.
 */
import { createHash } from 'node:crypto';
import type { Store } from '../../data/store';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Midnight WIB (UTC+7, no daylight saving) of a calendar day, as epoch ms. */
export const wibMidnight = (year: number, month: number, day: number): number =>
  Date.UTC(year, month - 1, day) - 7 * HOUR;
const iso = (ms: number): string => new Date(ms).toISOString();

const PLANS = [
  { id: 'loopbot-1m', name: 'LoopBOT 1 Bulan', price: 150_000 },
  { id: 'loopbot-1y', name: 'LoopBOT 1 Tahun', price: 900_000 },
  { id: 'loopstream-set-2', name: 'Set 2', price: 450_000 },
];

/** A small deterministic generator, so a failing figure can be reproduced. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

type Row = Record<string, string | number | null | Uint8Array>;
export type History = {
  licenses: Row[];
  orders: Row[];
  orderLicenses: Row[];
  events: Row[];
  reminders: Row[];
  loopstreams: Row[];
  sightings: Row[];
};

export function makeHistory(now: number): History {
  const next = random(23);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const history: History = {
    licenses: [],
    orders: [],
    orderLicenses: [],
    events: [],
    reminders: [],
    loopstreams: [],
    sightings: [],
  };
  // The edges: the 30-day period starts at midnight WIB 29 days before today; last month at 1 October.
  const today = new Date(now + 7 * HOUR);
  const edges = [
    wibMidnight(today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate() - 29),
    wibMidnight(today.getUTCFullYear(), today.getUTCMonth(), 1),
    wibMidnight(today.getUTCFullYear(), today.getUTCMonth() + 1, 1),
    wibMidnight(today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate() - 6),
  ];
  const times: number[] = [];
  for (const edge of edges) times.push(edge, edge - 1, edge + 1);
  for (let index = 0; index < 150; index++) times.push(now - Math.floor(next() * 400 * DAY));
  let eventId = 0;
  const event = (
    license_id: number,
    type: string,
    actor: string,
    at: number,
    device: string | null,
    data: object | null,
  ): void => {
    history.events.push({
      id: ++eventId,
      license_id,
      type,
      actor,
      device_id: device,
      at: iso(at),
      data: data && JSON.stringify(data),
    });
  };
  times.forEach((created, index) => {
    const id = index + 1;
    const plan = pick([...PLANS, null]);
    const qty = next() < 0.1 ? 2 : 1;
    const status = pick(['fulfilled', 'fulfilled', 'fulfilled', 'needs_setup', 'needs_review']);
    const item = {
      title: plan ? plan.name : 'Unknown thing',
      qty,
      price: plan ? plan.price : 99_000,
      plan_id: plan?.id ?? null,
      plan_name: plan?.name ?? null,
      plan_price_idr: plan?.price ?? null,
    };
    const names = ['Budi Santoso', 'Siti Nurhaliza', '=HYPERLINK("x")', 'Ayu Ningsih, Jkt', 'Dewi "Ica" Lestari'];
    history.orders.push({
      id,
      ref_id: `REF-${id}`,
      message_id: `m-${id}`,
      signed_string: `s-${id}`,
      customer_name: pick(names),
      customer_email: `buyer${id % 40}@example.com`,
      customer_phone: '',
      items: JSON.stringify([item]),
      amount_idr: (plan ? plan.price : 99_000) * qty,
      status,
      note: '',
      handled_at: null,
      created_at: iso(created),
      updated_at: iso(created),
    });
    // Licence life: expiry 30 or 365 days after creation; a renewal moves it, before or after it passed.
    const expiry = created + (plan?.id === 'loopbot-1y' ? 365 : 30) * DAY;
    let current = expiry;
    const renew = status !== 'needs_review' && next() < 0.5;
    if (renew) {
      const at = expiry + Math.floor((next() * 16 - 6) * DAY);
      if (at < now) {
        current = Math.max(at, expiry) + 30 * DAY;
        event(id, 'expiry_changed', 'order', at, null, { old: iso(expiry), new: iso(current) });
        const renewalId = 1000 + id;
        history.orders.push({
          id: renewalId,
          ref_id: `REF-R${id}`,
          message_id: `mr-${id}`,
          signed_string: `sr-${id}`,
          customer_name: 'Budi Santoso',
          customer_email: `buyer${id % 40}@example.com`,
          customer_phone: '',
          items: JSON.stringify([{ ...item, qty: 1 }]),
          amount_idr: plan ? plan.price : 99_000,
          status: 'fulfilled',
          note: '',
          handled_at: null,
          created_at: iso(at),
          updated_at: iso(at),
        });
        history.orderLicenses.push({
          order_id: renewalId,
          license_id: id,
          change: 'extended',
          days: 30,
          plan_id: plan?.id ?? null,
        });
      }
    } else if (next() < 0.2) {
      event(id, 'expiry_changed', 'admin', expiry - DAY, null, { old: iso(expiry), new: iso(expiry + 10 * DAY) });
      current = expiry + 10 * DAY;
    }
    if (next() < 0.6 && expiry - 7 * DAY < now)
      history.reminders.push({
        license_id: id,
        expired_date: iso(expiry),
        outbox_id: id,
        created_at: iso(expiry - 7 * DAY),
      });
    if (status !== 'needs_review')
      history.orderLicenses.push({
        order_id: id,
        license_id: id,
        change: 'created',
        days: 30,
        plan_id: plan?.id ?? null,
      });
    const key = `KEY-${String(id).padStart(5, '0')}`;
    history.licenses.push({
      id,
      license_key: key,
      key_sha256: createHash('sha256').update(key).digest(),
      email: `buyer${id % 40}@example.com`,
      app_type: plan?.id === 'loopstream-set-2' ? 'loopstream' : 'loopbot',
      status: 'active',
      expired_date: iso(current),
      device_id: null,
      device_name: null,
      created_at: iso(created),
      updated_at: iso(created),
    });
    const devices = ['dev-a', 'dev-b', 'dev-c', 'dev-d'].slice(0, 1 + Math.floor(next() * 4));
    const seen = created + Math.floor(next() * 20) * HOUR;
    devices.forEach((device, order) => {
      event(
        id,
        order === 0 || next() < 0.5 ? 'activated' : 'validation_failed',
        'device',
        seen + order * HOUR,
        device,
        order === 0 ? null : { call: 'activate', code: pick(['DEVICE_MISMATCH', 'LICENSE_EXPIRED']) },
      );
    });
    // A key moved: the first device released (by the app, or by the owner), another one activated after it.
    if (devices.length > 1)
      event(
        id,
        next() < 0.7 ? 'deactivated' : 'admin_unbound',
        next() < 0.7 ? 'device' : 'admin',
        seen + 30 * 60_000,
        devices[0]!,
        null,
      );
    if (next() < 0.2) event(id, 'rate_limited', 'device', seen + 5 * HOUR, devices[0]!, { call: 'validate' });
    if (next() < 0.3)
      history.loopstreams.push({
        id,
        package_type: 'Paket 1',
        customer_name: pick(names),
        ip_server: '10.0.0.1:5000',
        expired_date: iso(created + 30 * DAY),
        created_at: iso(created),
      });
  });
  // Validate's sightings over the last 100 days (and the period edges' days): a few licences a day,
  // some from many addresses or devices.
  const wibDay = (ms: number): string => iso(ms + 7 * HOUR).slice(0, 10);
  for (let back = 0; back < 100; back++) {
    const day = wibDay(now - back * DAY);
    for (let slot = 0; slot < 3; slot++) {
      const license = 1 + (((back * 3 + slot) * 37) % times.length);
      const ips = 1 + Math.floor(next() * 4);
      const devices = 1 + Math.floor(next() * 4);
      for (let index = 0; index < Math.max(ips, devices); index++)
        history.sightings.push({
          license_id: license,
          day,
          ip: `10.1.0.${Math.min(index, ips - 1)}`,
          device_id: `dev-${Math.min(index, devices - 1)}`,
          validations: 1 + Math.floor(next() * 20),
          refusals: Math.floor(next() * 3),
          last_at: iso(now - back * DAY),
        });
    }
  }
  return history;
}

async function insert(db: Store, table: string, rows: readonly Row[]): Promise<void> {
  for (const row of rows) {
    const columns = Object.keys(row);
    await db.run(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      Object.values(row),
    );
  }
}

export async function seedHistory(db: Store, history: History): Promise<void> {
  await insert(db, 'licenses', history.licenses);
  await insert(db, 'orders', history.orders);
  await insert(db, 'order_licenses', history.orderLicenses);
  await insert(db, 'license_events', history.events);
  await insert(db, 'license_reminders', history.reminders);
  await insert(db, 'loopstreams', history.loopstreams);
  await insert(db, 'license_sightings', history.sightings);
}
