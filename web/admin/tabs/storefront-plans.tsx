import type { ReactElement, RefObject } from 'react';
import { useSnapshot } from 'valtio';
import type { Snapshot } from 'valtio';
import type { StorefrontPlan } from '../../../contract/calls/storefront';
import { FieldError } from '../components/field-error';
import { planLabel } from '../state/storefront-labels';
import { clearFieldError, planPath } from '../state/storefront-errors';
import { store } from '../state/store';
import { useStorefrontFieldError } from './storefront-field-error';
import { StorefrontSection } from './storefront-section';

type PlanField = 'price' | 'checkout' | 'titles';
const PLAN_PATHS: Record<PlanField, keyof StorefrontPlan> = {
  price: 'price_idr',
  checkout: 'checkout_url',
  titles: 'lynk_titles',
};

export const planFieldId = (plan: Pick<StorefrontPlan, 'id'>, field: PlanField): string =>
  `storefront-plan-${plan.id}-${field}`;

type Control<E> = {
  ref: RefObject<E>;
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  onInput: () => void;
};

/** One editable cell: the control, and the refused save's error under it when it is this field's. */
function CheckedCell<E extends HTMLElement>({
  plan,
  field,
  heading,
  render,
}: {
  plan: Pick<StorefrontPlan, 'id'>;
  field: PlanField;
  heading: string;
  render: (control: Control<E>) => ReactElement;
}): ReactElement {
  const id = planFieldId(plan, field);
  const path = planPath(plan, PLAN_PATHS[field]);
  const error = useStorefrontFieldError<E>(path);
  const described = error.text ? { 'aria-describedby': `${id}-error` } : {};
  return (
    <td data-label={heading} className="cell-block">
      {render({ ref: error.ref, id, ...error.props, ...described, onInput: () => clearFieldError(path) })}
      <FieldError id={`${id}-error`} text={error.text} />
    </td>
  );
}

/** A yes/no of the plan, ticked in place; the column's heading names it. */
function FlagCell({
  plan,
  draft,
  flag,
  heading,
}: {
  plan: Snapshot<StorefrontPlan>;
  draft: StorefrontPlan;
  flag: 'available' | 'most_popular';
  heading: string;
}): ReactElement {
  return (
    <td data-label={heading}>
      <input
        type="checkbox"
        className="check"
        aria-label={`${planLabel(plan)} ${heading.toLowerCase()}`}
        checked={plan[flag]}
        onChange={(event) => (draft[flag] = event.target.checked)}
      />
    </td>
  );
}

/** `175.000`, `Rp 175000` or `175000` are all 175000: people type prices with dots. */
export function priceFromText(text: string): number {
  const digits = text.replace(/\D/g, '');
  return digits === '' ? 0 : Number(digits.slice(0, 12));
}

function PlanRow({ index }: { index: number }): ReactElement | null {
  const snapshot = useSnapshot(store.storefront);
  const plan = snapshot.draft?.plans[index];
  const draft = store.storefront.draft?.plans[index];
  if (!plan || !draft) return null;
  const label = planLabel(plan);
  return (
    <tr data-plan-id={plan.id}>
      <th scope="row" data-label="Plan" className="cell-wrap">
        {label}
        <span className="cell-sub">{plan.duration_days === null ? 'no end date' : `${plan.duration_days} days`}</span>
      </th>
      <CheckedCell<HTMLInputElement>
        plan={plan}
        field="price"
        heading="Price (Rp)"
        render={(control) => (
          <input
            {...control}
            className="price-input"
            inputMode="numeric"
            aria-label={`${label} price in rupiah`}
            value={plan.price_idr === 0 ? '' : String(plan.price_idr)}
            onChange={(event) => (draft.price_idr = priceFromText(event.target.value))}
          />
        )}
      />
      <CheckedCell<HTMLInputElement>
        plan={plan}
        field="checkout"
        heading="Checkout link"
        render={(control) => (
          <input
            {...control}
            type="url"
            aria-label={`${label} checkout link`}
            value={plan.checkout_url}
            placeholder="https://lynk.id/…"
            onChange={(event) => (draft.checkout_url = event.target.value)}
          />
        )}
      />
      <FlagCell plan={plan} draft={draft} flag="available" heading="On sale" />
      <FlagCell plan={plan} draft={draft} flag="most_popular" heading="Most popular" />
      <CheckedCell<HTMLTextAreaElement>
        plan={plan}
        field="titles"
        heading="Lynk titles"
        render={(control) => (
          <textarea
            {...control}
            rows={2}
            aria-label={`${label} Lynk.id product titles, one per line`}
            value={plan.lynk_titles.join('\n')}
            onChange={(event) => (draft.lynk_titles = event.target.value.split('\n'))}
          />
        )}
      />
    </tr>
  );
}

/** Every plan as one editable row: price, checkout link, on sale, most popular, Lynk titles. */
export function StorefrontPlans(): ReactElement {
  const { draft } = useSnapshot(store.storefront);
  return (
    <StorefrontSection name="plans" title="Plans and prices">
      <p className="muted">
        Prices in whole rupiah. The checkout link opens when a visitor buys; Lynk titles are the product names of the
        plan on Lynk.id, so a paid order is recognised (one per line).
      </p>
      <div className="table-wrap" role="region" aria-label="Plans" tabIndex={0}>
        <table className="data-table plans-table">
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Price (Rp)</th>
              <th scope="col">Checkout link</th>
              <th scope="col">On sale</th>
              <th scope="col">Most popular</th>
              <th scope="col">Lynk titles</th>
            </tr>
          </thead>
          <tbody>
            {draft?.plans.map((plan, index) => (
              <PlanRow key={plan.id} index={index} />
            ))}
          </tbody>
        </table>
      </div>
    </StorefrontSection>
  );
}
