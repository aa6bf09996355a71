import { apiJson } from '../api-client';
import type { BodyOf } from '../../../contract/calls/call';
import type * as calls from '../../../contract/calls/loopstreams';
import { CHANGE_TEXTS, DAYS_TEXTS, MESSAGES } from '../messages';
import type { Loopstream } from '../../../contract/calls/loopstreams';
import { confirmAction } from './dialogs';
import { downloadFile } from './download';
import { loadLoopstreams } from './loaders';
import { mutate, mutateDays, saved } from './mutate';
import { debouncedSearch } from './paged-list';
import { store } from './store';
import { hasPassed } from '../../../contract/rules/durations';

export type NewLoopstream = BodyOf<typeof calls.createLoopstream>;

/** Status is derived on screen: active while the expiry is after now (docs/spec.md#loopstream-status). */
export function isLoopstreamActive(row: Pick<Loopstream, 'expired_date'>, now: number = Date.now()): boolean {
  return !hasPassed(Date.parse(row.expired_date), now);
}

/**
 * The server address as the owner may paste it from a browser (`http://stream.contoh.id/`):
 * the scheme and trailing slashes dropped, since the server wants only `host[:port]`. Anything
 * else (a path) is left as typed, for the server to explain.
 */
export function cleanServerAddress(text: string): string {
  const trimmed = text.trim();
  const bare = trimmed.replace(/^https?:\/\//i, '').replace(/\/+$/, '');
  return bare.includes('/') ? trimmed : bare;
}

/** Search by customer name or server address, while typing. */
export const searchLoopstreams = debouncedSearch(() => store.loopstreams, loadLoopstreams);

/** Create when `editing` is undefined, else replace its fields. */
export function saveLoopstream(input: NewLoopstream, editing?: Pick<Loopstream, 'id'>): Promise<boolean> {
  const body = { ...input, ip_server: cleanServerAddress(input.ip_server) };
  if (!editing)
    return saved(
      () => apiJson<typeof calls.createLoopstream>('POST', '/api/loopstream/create', body),
      CHANGE_TEXTS.createLoopstream,
    );
  return saved(
    () => apiJson<typeof calls.updateLoopstream>('PUT', `/api/loopstream/update/${editing.id}`, body),
    CHANGE_TEXTS.updateLoopstream,
  );
}

export async function extendLoopstream(row: Loopstream): Promise<void> {
  await mutateDays({
    question: `Extend LoopStream access for ${row.customer_name} by how many days?`,
    send: (days) => apiJson<typeof calls.extendLoopstream>('POST', `/api/loopstream/extend/${row.id}`, { days }),
    texts: DAYS_TEXTS.extendLoopstream,
  });
}

export async function deleteLoopstream(row: Loopstream): Promise<void> {
  if (!confirmAction(`Delete LoopStream access for ${row.customer_name}? This cannot be undone.`)) return;
  await mutate(
    () => apiJson<typeof calls.deleteLoopstream>('DELETE', `/api/loopstream/delete/${row.id}`),
    CHANGE_TEXTS.deleteLoopstream,
  );
}

/** Saves the access file under the name the server gives (derived from the customer). */
export async function downloadLoopstream(row: Loopstream): Promise<void> {
  const fallback = `${row.customer_name.replace(/[^\w.-]+/g, '_') || 'loopstream'}.txt`;
  await downloadFile<typeof calls.downloadLoopstream>(
    `/api/loopstream/download/${row.id}`,
    (name) => name ?? fallback,
    MESSAGES.downloadLoopstreamError,
  );
}
