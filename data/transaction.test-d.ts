/**
 * Type tests of the `...In` convention (data/README.md), compiled by `npm run check` and never
 * run: each line under a `@ts-expect-error` must fail to compile, or the check fails.
 */
import { enqueueMailIn } from './outbox';
import { markOrderHandled } from './orders';
import type { Store } from './store';

const mail = { kind: 'license', to_address: 'a@example.com', subject: 'S', body: 'B' } as const;

export async function insideTheCallersTransaction(store: Store): Promise<void> {
  await store.transaction((tx) => enqueueMailIn(tx, mail, '2026-01-01T00:00:00.000Z'));
  // A one-statement write takes either.
  await markOrderHandled(store, 1, '2026-01-01T00:00:00.000Z');
  await store.transaction((tx) => markOrderHandled(tx, 1, '2026-01-01T00:00:00.000Z'));
}

export async function theStoreItselfIsRefused(store: Store): Promise<void> {
  // @ts-expect-error Argument of type 'Store' is not assignable to parameter of type 'Transaction'
  await enqueueMailIn(store, mail, '2026-01-01T00:00:00.000Z');
}
