/**
 * LoopStream packages follow the catalogue: each LoopStream plan (and the combo) is a package by
 * its name (`Set 3`); the older `Paket 1` / `Paket 2` stay accepted for records and callers from before
 * (docs/spec.md#loopstream-packages).
 */
import { PACKAGE_TYPES } from '../../contract/rules/vocabulary';
import type { PlanRow } from '../../data/storefront-plans';
import { HttpError } from '../http/http-error';

/** The package when none is sent (docs/spec.md#loopstream-packages). */
export const DEFAULT_PACKAGE = PACKAGE_TYPES[0];

export function packageTypes(plans: readonly Pick<PlanRow, 'product' | 'name'>[]): string[] {
  return [...plans.filter((plan) => plan.product !== 'loopbot').map((plan) => plan.name), ...PACKAGE_TYPES];
}

/** The package as sent (trimmed), or the default; 400 when it names no package. */
export function checkPackageType(
  value: string | undefined,
  plans: readonly Pick<PlanRow, 'product' | 'name'>[],
): string {
  const wanted = (value ?? '').trim();
  if (wanted === '') return DEFAULT_PACKAGE;
  const known = packageTypes(plans);
  const match = known.find((name) => name.toLowerCase() === wanted.toLowerCase());
  if (!match) throw new HttpError(400, `package_type must be one of: ${known.join(', ')}`);
  return match;
}
