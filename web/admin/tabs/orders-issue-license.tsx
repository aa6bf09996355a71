import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { FormModal } from '../components/form-modal';
import { formatRupiah } from '../../format';
import { issueOrderLicense, licensePlans } from '../state/order-actions';
import { loadStorefront } from '../state/storefront';
import { planLabel } from '../state/storefront-labels';
import { store } from '../state/store';
import type { ShownOrder } from './orders-table';

/** "Issue licence" of an order under review: the owner picks the plan; the server issues, e-mails and links it in one step. */
export function IssueLicenseForm({ order, onClose }: { order: ShownOrder; onClose: () => void }): ReactElement {
  const { storefront } = useSnapshot(store);
  const plans = licensePlans(storefront.saved?.plans);
  const matched = order.items.find((item) => plans.some((plan) => plan.id === item.plan_id))?.plan_id;
  const [planId, setPlanId] = useState(matched ?? '');
  const chosen = planId || plans[0]?.id || '';

  useEffect(() => {
    if (!store.storefront.saved && !store.storefront.loading) void loadStorefront();
  }, []);

  return (
    <FormModal
      title={`Issue licence: ${order.ref_id}`}
      submitLabel="Issue and e-mail"
      busyLabel="Issuing…"
      onClose={onClose}
      onSubmit={() => issueOrderLicense(order, chosen)}
    >
      <p className="field-hint">
        {order.customer_email || 'No e-mail'} paid {formatRupiah(order.amount_idr)}. The licence is issued (or the
        buyer’s licence extended), e-mailed to them and linked to this order; the order is then handled.
      </p>
      <label className="field">
        <span className="field-label">Plan</span>
        <select name="plan_id" required value={chosen} onChange={(event) => setPlanId(event.target.value)}>
          {plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {planLabel(plan)} ({plan.duration_days} days, {formatRupiah(plan.price_idr)})
            </option>
          ))}
        </select>
      </label>
    </FormModal>
  );
}
