import { apiDownload, apiJson, saveBlob } from '../api-client';
import type { BodyOf } from '../../../contract/call';
import type * as calls from '../../../contract/loopstreams';
import { MESSAGES } from '../messages';
import type { Loopstream } from '../../../contract/loopstreams';
import { confirmAction, notify } from './dialogs';
import { mutate } from './mutate';

export type NewLoopstream = BodyOf<typeof calls.createLoopstream>;

/** Status is derived on screen: active while the expiry is after now (SPEC §4). */
export function isLoopstreamActive(row: Pick<Loopstream, 'expired_date'>, now: number = Date.now()): boolean {
  const expiry = new Date(row.expired_date).getTime();
  return Number.isFinite(expiry) && expiry > now;
}

export async function createLoopstream(input: NewLoopstream): Promise<boolean> {
  const answer = await mutate(() => apiJson<typeof calls.createLoopstream>('POST', '/api/loopstream/create', input), {
    failed: MESSAGES.createLoopstreamFailed,
    errorPrefix: MESSAGES.createLoopstreamError,
    success: MESSAGES.loopstreamCreated,
  });
  return answer !== undefined;
}

export async function deleteLoopstream(row: Loopstream): Promise<void> {
  if (!confirmAction(`Delete LoopStream access for ${row.customer_name}? This cannot be undone.`)) return;
  await mutate(() => apiJson<typeof calls.deleteLoopstream>('DELETE', `/api/loopstream/delete/${row.id}`), {
    failed: MESSAGES.deleteLoopstreamFailed,
    errorPrefix: MESSAGES.deleteLoopstreamError,
    success: MESSAGES.loopstreamDeleted,
  });
}

/** Saves the access file under the name the server gives (derived from the customer). */
export async function downloadLoopstream(row: Loopstream): Promise<void> {
  try {
    const { blob, fileName } = await apiDownload<typeof calls.downloadLoopstream>(`/api/loopstream/download/${row.id}`);
    saveBlob(blob, fileName ?? `${row.customer_name.replace(/[^\w.-]+/g, '_') || 'loopstream'}.txt`);
  } catch (error) {
    notify(MESSAGES.downloadLoopstreamError + (error instanceof Error ? error.message : String(error)));
  }
}
