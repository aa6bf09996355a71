import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withMigratedDatabase } from '../test/harness';
import { insertLicenseIn } from './licenses/licenses';
import { countRefusedReplay, refusedReplays, SignatureReusedError } from './order-signatures';
import {
  findOrder,
  findOrderPage,
  insertOrderIn,
  licenseIdsByEmail,
  linkOrderLicenseIn,
  lowerAscii,
  markOrderHandled,
  orderCounts,
} from './orders';
import type { NewOrder } from './orders';

const order = (ref: string, changes: Partial<NewOrder> = {}): NewOrder => ({
  ref_id: ref,
  message_id: `msg-${ref}`,
  signed_string: `150000${ref}msg-${ref}`,
  customer_name: 'Budi Santoso',
  customer_email: 'budi@example.com',
  customer_phone: '0812',
  items: [
    {
      title: 'LoopBOT 1 Bulan',
      qty: 1,
      price: 150_000,
      plan_id: 'loopbot-1-bulan',
      plan_name: '1 Bulan',
      plan_price_idr: 150_000,
    },
  ],
  amount_idr: 150_000,
  status: 'fulfilled',
  note: '',
  ...changes,
});

test('insertOrderIn: one row per ref id; a repeat finds the first with its status', async () => {
  await withMigratedDatabase(async (db) => {
    const first = await db.transaction((tx) =>
      insertOrderIn(tx, order('REF-1', { status: 'needs_review', note: 'why' }), '2026-03-01T00:00:00.000Z'),
    );
    const again = await db.transaction((tx) => insertOrderIn(tx, order('REF-1'), '2026-03-02T00:00:00.000Z'));
    assert.equal(first, { id: first.id, status: 'needs_review', created: true });
    assert.equal(again, { id: first.id, status: 'needs_review', created: false });
    const stored = await findOrder(db, first.id);
    assert.equal(
      [stored?.note, stored?.created_at, stored?.items[0]?.plan_id, stored?.license_ids],
      ['why', '2026-03-01T00:00:00.000Z', 'loopbot-1-bulan', []],
    );
  });
});

test('pages newest first, search over name, e-mail, phone and ref id, status; counts; handled; links to licences', async () => {
  await withMigratedDatabase(async (db) => {
    const at = (day: number) => `2026-03-0${day}T10:00:00.000Z`;
    const a = await db.transaction((tx) => insertOrderIn(tx, order('REF-A'), at(1)));
    const b = await db.transaction((tx) =>
      insertOrderIn(
        tx,
        order('REF-B', { customer_name: 'Siti', customer_email: 'siti@example.com', status: 'needs_setup' }),
        at(2),
      ),
    );
    await db.transaction((tx) =>
      insertOrderIn(tx, order('REF-C', { customer_phone: '+62 811 999', status: 'needs_review' }), at(3)),
    );
    assert.equal(
      (await findOrderPage(db, { search: '', page: 1, perPage: 10 })).orders.map((row) => row.ref_id),
      ['REF-C', 'REF-B', 'REF-A'],
    );
    assert.equal(
      (await findOrderPage(db, { search: 'SITI', page: 1, perPage: 10 })).orders.map((row) => row.ref_id),
      ['REF-B'],
    );
    assert.equal(
      (await findOrderPage(db, { search: '811 9', page: 1, perPage: 10 })).orders.map((row) => row.ref_id),
      ['REF-C'],
    );
    assert.equal((await findOrderPage(db, { search: 'ref-a', page: 1, perPage: 10 })).total, 1);
    assert.equal((await findOrderPage(db, { search: '', status: 'needs_setup', page: 1, perPage: 10 })).total, 1);
    assert.equal(await orderCounts(db, at(2)), { today: 2, needingAttention: 2 });
    assert.is(await markOrderHandled(db, b.id, at(3)), true);
    assert.is(await markOrderHandled(db, 999, at(3)), false);
    assert.equal(await orderCounts(db, at(2)), { today: 2, needingAttention: 1 });

    await db.transaction((tx) =>
      linkOrderLicenseIn(tx, {
        order_id: a.id,
        license_id: 41,
        change: 'created',
        days: 30,
        plan_id: 'loopbot-1-bulan',
      }),
    );
    await db.transaction((tx) =>
      linkOrderLicenseIn(tx, {
        order_id: b.id,
        license_id: 41,
        change: 'extended',
        days: 90,
        plan_id: 'loopbot-3-bulan',
      }),
    );
    const linked = await findOrder(db, a.id);
    assert.equal(
      [linked?.license_ids, linked?.licenses],
      [[41], []],
      'a licence that no longer exists is listed by id only',
    );
    assert.equal(await db.transaction((tx) => licenseIdsByEmail(tx, 'BUDI@example.com', 'loopbot')), []);
  });
});

test('insertOrderIn: a signed string held by another ref id is refused and stores nothing; the same ref id is a retry', async () => {
  await withMigratedDatabase(async (db) => {
    const at = '2026-03-01T00:00:00.000Z';
    const first = await db.transaction((tx) =>
      insertOrderIn(tx, order('AB', { message_id: 'CD', signed_string: '150000ABCD' }), at),
    );
    const resplit = await db
      .transaction((tx) => insertOrderIn(tx, order('ABC', { message_id: 'D', signed_string: '150000ABCD' }), at))
      .catch((error: unknown) => error);
    assert.instance(resplit, SignatureReusedError);
    assert.is((resplit as SignatureReusedError).orderId, first.id);
    assert.is((await findOrderPage(db, { search: '', page: 1, perPage: 10 })).total, 1);
    const retry = await db.transaction((tx) =>
      insertOrderIn(tx, order('AB', { message_id: 'CD', signed_string: '150000ABCD' }), at),
    );
    assert.equal(retry, { id: first.id, status: 'fulfilled', created: false });
    assert.is(await refusedReplays(db), 0);
    await countRefusedReplay(db, first.id);
    await countRefusedReplay(db, first.id);
    assert.equal([await refusedReplays(db), (await findOrder(db, first.id))?.replays_refused], [2, 2]);
  });
});

test('licenseIdsByEmail: any ASCII case, as SQL lower() folds it, through the (lower(email), app_type) index', async () => {
  await withMigratedDatabase(async (db) => {
    const add = (email: string) =>
      db.transaction((tx) =>
        insertLicenseIn(
          tx,
          () => ({
            license_key: `key-${email}`,
            key_sha256: createHash('sha256').update(email).digest('hex'),
            email,
            app_type: 'loopbot',
            expired_date: '2027-01-01T00:00:00.000Z',
          }),
          '2026-01-01T00:00:00.000Z',
          1,
          { actor: 'order' },
        ),
      );
    const rina = await add('Rina.Putri@Example.COM');
    await add('Élodie@example.com');
    assert.equal(await db.transaction((tx) => licenseIdsByEmail(tx, 'rina.putri@example.com', 'loopbot')), [rina!.id]);
    assert.equal(await db.transaction((tx) => licenseIdsByEmail(tx, 'RINA.PUTRI@EXAMPLE.COM', 'loopbot')), [rina!.id]);
    assert.equal(await db.transaction((tx) => licenseIdsByEmail(tx, 'rina.putri@example.com', 'loopstream')), []);
    // SQL lower() leaves É alone: so does the lookup, instead of folding it to é and finding nothing.
    assert.is((await db.transaction((tx) => licenseIdsByEmail(tx, 'ÉLODIE@example.com', 'loopbot'))).length, 1);
    assert.is(lowerAscii('ÉLODIE@Example.com'), 'Élodie@example.com');
    const plan = await db.all<{ detail: string }>(
      "EXPLAIN QUERY PLAN SELECT id FROM licenses WHERE lower(email) = 'x' AND app_type = 'loopbot' ORDER BY id",
    );
    assert.match(plan.map((row) => row.detail).join('\n'), 'licenses_email_lower');
  });
});

test.run();
