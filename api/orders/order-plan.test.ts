import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SEED_PLANS } from '../../data/storefront-seed';
import { matchPlan, planOrder } from './order-plan';

const plans = SEED_PLANS;
const item = (title: string, qty = 1, price = 0) => ({ title, qty, price });

test('matchPlan: a Lynk title, trimmed and in any case; nothing for an unknown or empty title', () => {
  assert.is(matchPlan(plans, '  loopbot 1 BULAN ')?.id, 'loopbot-1-bulan');
  assert.is(matchPlan(plans, 'LoopStream  Set 2')?.id, 'loopstream-set-2');
  assert.is(matchPlan(plans, 'LoopBOT 2 Bulan'), undefined);
  assert.is(matchPlan(plans, '   '), undefined);
});

test('LoopBOT plans: fulfilled, days = duration × qty over every item, the first LoopBOT plan named', () => {
  const plan = planOrder([item('LoopBOT 1 Bulan', 2), item('LoopBOT 3 Bulan')], plans, 699_000, 'a@example.com');
  assert.equal(
    [plan.status, plan.note, plan.loopbotDays, plan.loopbotPlanId],
    ['fulfilled', '', 150, 'loopbot-1-bulan'],
  );
  assert.equal(plan.items[0], {
    title: 'LoopBOT 1 Bulan',
    qty: 2,
    price: 0,
    plan_id: 'loopbot-1-bulan',
    plan_name: '1 Bulan',
    plan_price_idr: 150_000,
  });
});

test('LoopStream and combo: needs_setup; the combo still issues its LoopBOT days', () => {
  const stream = planOrder([item('LoopStream Set 3')], plans, 349_000, '');
  assert.equal([stream.status, stream.note, stream.loopbotDays], ['needs_setup', 'Set up LoopStream: Set 3 × 1', 0]);
  const combo = planOrder([item('Combo LoopBOT + LoopStream')], plans, 425_000, 'c@example.com');
  assert.equal([combo.status, combo.loopbotDays, combo.loopbotPlanId], ['needs_setup', 30, 'combo']);
});

test('needs_review, nothing issued: unknown title, Lifetime, total below the plans, no usable e-mail', () => {
  const rows: Array<[ReturnType<typeof item>[], number, string, string]> = [
    [[item('Kelas Editing')], 100_000, 'a@example.com', 'Unknown product "Kelas Editing": no plan has this Lynk title'],
    [[item('LoopBOT Lifetime')], 2_499_000, 'a@example.com', 'Lifetime is not on sale'],
    [[item('LoopBOT 1 Bulan', 2)], 299_999, 'a@example.com', "Paid Rp 299.999, below the plans' price of Rp 300.000"],
    [[item('LoopBOT 1 Bulan')], 150_000, '', 'The buyer gave no e-mail'],
    [
      [item('LoopBOT 1 Bulan')],
      150_000,
      'not-an-address',
      'The buyer\'s e-mail "not-an-address" is not a valid address',
    ],
    [
      [item('LoopBOT 1 Bulan'), item('Kelas Editing')],
      250_000,
      'a@example.com',
      'Unknown product "Kelas Editing": no plan has this Lynk title',
    ],
  ];
  for (const [items, amount, email, note] of rows) {
    const plan = planOrder(items, plans, amount, email);
    assert.equal([plan.status, plan.note, plan.loopbotDays], ['needs_review', note, 0]);
  }
});

test("a short total's note writes amounts as the pages and the admin do (contract/rules/rupiah.ts)", () => {
  const plan = planOrder([item('LoopBOT 1 Bulan')], plans, -5_000, 'a@example.com');
  assert.is(plan.note, "Paid -Rp 5.000, below the plans' price of Rp 150.000");
});

test('a total above the plans (a tip, a fee) is fine; the item prices the marketplace reports are not trusted', () => {
  assert.is(planOrder([item('LoopBOT 1 Bulan', 1, 1)], plans, 155_000, 'a@example.com').status, 'fulfilled');
});

test.run();
