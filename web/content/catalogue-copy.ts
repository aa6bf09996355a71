/**
 * Plan facts inside fixed texts (FAQ, terms) come from the catalogue, so a price saved in the
 * Storefront tab shows in every sentence on the next request. A text names them as tokens:
 *
 * - `{price:<plan id>}` → `Rp 24.000`; `{name:<plan id>}` → `Trial 4 Hari`;
 * - `{saving:<plan id>}` → `45%`, the saving per month a price card shows (plans.ts `savingOf`);
 * - `{savings:<product>}` → `3 Bulan hemat sekitar 11%, 6 Bulan sekitar 22% dan 1 Tahun sekitar 45%`;
 * - `{trial_days}` → `3`, the free trial's length set in the Storefront tab, while it is offered;
 * - `{support_email}` → the owner's support address.
 *
 * A plan off sale, or the free trial switched off, gives no value. `[[ ... ]]` is shown only when
 * every token inside has a value; `[[ a || b || c ]]` shows the first alternative whose tokens all
 * have values (none: nothing), so no sentence offers what cannot be had.
 */
import type { PagePlan, StorefrontContacts, StorefrontTrial } from '../../contract/calls/storefront';
import { formatRupiah } from '../format';
import { savingOf } from './plans';

const TOKEN = /\{(\w+)(?::([\w-]+))?\}/g;
const SEGMENT = /\[\[(.*?)\]\]/g;

function savingsList(product: string, plans: readonly PagePlan[]): string | undefined {
  const parts: string[] = [];
  for (const plan of plans) {
    const saving = plan.product === product && plan.available ? savingOf(plan, plans) : undefined;
    if (saving)
      parts.push(parts.length === 0 ? `${plan.name} hemat sekitar ${saving}%` : `${plan.name} sekitar ${saving}%`);
  }
  if (parts.length <= 1) return parts[0];
  return `${parts.slice(0, -1).join(', ')} dan ${parts[parts.length - 1]}`;
}

/** One token's value from the catalogue; undefined when it has none (plan off sale, no saving, trial off). */
function tokenValue(
  kind: string,
  key: string | undefined,
  plans: readonly PagePlan[],
  trial: StorefrontTrial | undefined,
): string | undefined {
  if (kind === 'trial_days') return trial?.enabled ? String(trial.days) : undefined;
  if (kind === 'savings' && key) return savingsList(key, plans);
  const plan = plans.find((item) => item.id === key && item.available);
  if (!plan) return undefined;
  if (kind === 'price') return formatRupiah(plan.price_idr);
  if (kind === 'name') return plan.name;
  if (kind === 'saving') {
    const saving = savingOf(plan, plans);
    return saving ? `${saving}%` : undefined;
  }
  return undefined;
}

/** The values of every catalogue token in `texts`, for a page's JSON block (`{support_email}` is the contacts'). */
export function copyValues(
  texts: readonly string[],
  plans: readonly PagePlan[],
  trial?: StorefrontTrial,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const text of texts) {
    for (const [, kind, key] of text.matchAll(TOKEN)) {
      if (kind === 'support_email') continue;
      const value = tokenValue(kind!, key, plans, trial);
      if (value !== undefined) values[key ? `${kind}:${key}` : kind!] = value;
    }
  }
  return values;
}

/** `text` with its tokens filled from `values` and the contacts; see the module comment for `[[ ]]`. */
export function fillCopy(
  text: string,
  values: Readonly<Record<string, string>>,
  contacts: Pick<StorefrontContacts, 'support_email'>,
): string {
  const lookup = (token: string): string | undefined =>
    token === 'support_email' ? contacts.support_email : values[token];
  const complete = (part: string): boolean =>
    [...part.matchAll(TOKEN)].every(([, kind, key]) => lookup(key ? `${kind}:${key}` : kind!) !== undefined);
  const fill = (part: string): string =>
    part.replace(TOKEN, (_token, kind: string, key?: string) => lookup(key ? `${kind}:${key}` : kind) ?? '');
  const segments = text.replace(SEGMENT, (_segment, inner: string) => {
    const chosen = inner.split('||').find(complete);
    return chosen === undefined ? '' : fill(chosen);
  });
  return fill(segments).trim();
}
