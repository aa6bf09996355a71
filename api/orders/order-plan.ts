/**
 * What a paid order gets, decided from the shop's own catalogue: each item's title is matched to a
 * plan's Lynk titles; the signed total must cover the plans' prices (item prices in a delivery are
 * not signed). LoopBOT time is issued by itself; a LoopStream server needs the owner (needs_setup);
 * anything unclear waits for the owner's review and issues nothing.
 */
import type { OrderStatus } from '../../contract/calls/orders';
import type { OrderItem } from '../../data/orders';
import { normalizeLynkTitle } from '../../data/storefront-plans';
import type { PlanRow } from '../../data/storefront-plans';
import type { PaidItem } from './paid-order';
import { isEmailAddress } from '../../contract/rules/addresses';
import { formatRupiah } from '../../contract/rules/rupiah';

export type OrderPlan = {
  status: OrderStatus;
  /** Why the owner is needed; empty when fulfilled. */
  note: string;
  items: OrderItem[];
  /** Days of LoopBOT licence the order pays for (0: none). */
  loopbotDays: number;
  /** The plan those days come from (the first LoopBOT item's): its checkout link renews the licence. */
  loopbotPlanId: string | null;
};

export function matchPlan(plans: readonly PlanRow[], title: string): PlanRow | undefined {
  const wanted = normalizeLynkTitle(title);
  return wanted === ''
    ? undefined
    : plans.find((plan) => plan.lynk_titles.some((known) => normalizeLynkTitle(known) === wanted));
}

export function planOrder(
  items: readonly PaidItem[],
  plans: readonly PlanRow[],
  amountIdr: number,
  email: string,
): OrderPlan {
  const problems: string[] = [];
  const setups: string[] = [];
  let expected = 0;
  let loopbotDays = 0;
  let loopbotPlanId: string | null = null;
  const matched = items.map((item): OrderItem => {
    const plan = matchPlan(plans, item.title);
    if (!plan) problems.push(`Unknown product "${item.title}": no plan has this Lynk title`);
    else if (!plan.available || plan.duration_days === null) problems.push(`${plan.name} is not on sale`);
    else {
      expected += plan.price_idr * item.qty;
      if (plan.product !== 'loopstream') {
        loopbotDays += plan.duration_days * item.qty;
        loopbotPlanId ??= plan.id;
      }
      if (plan.product !== 'loopbot') setups.push(`${plan.name} × ${item.qty}`);
    }
    return {
      ...item,
      plan_id: plan?.id ?? null,
      plan_name: plan?.name ?? null,
      plan_price_idr: plan?.price_idr ?? null,
    };
  });
  if (problems.length === 0 && amountIdr < expected)
    problems.push(`Paid ${formatRupiah(amountIdr)}, below the plans' price of ${formatRupiah(expected)}`);
  if (loopbotDays > 0 && !isEmailAddress(email))
    problems.push(email ? `The buyer's e-mail "${email}" is not a valid address` : 'The buyer gave no e-mail');
  if (problems.length > 0)
    return { status: 'needs_review', note: problems.join('; '), items: matched, loopbotDays: 0, loopbotPlanId: null };
  if (setups.length > 0)
    return {
      status: 'needs_setup',
      note: `Set up LoopStream: ${setups.join(', ')}`,
      items: matched,
      loopbotDays,
      loopbotPlanId,
    };
  return { status: 'fulfilled', note: '', items: matched, loopbotDays, loopbotPlanId };
}
