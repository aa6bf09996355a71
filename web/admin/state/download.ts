import { apiDownload, saveBlob } from '../api-client';
import type { CallSpec, PathTo } from '../../../contract/calls/call';
import { notify } from './dialogs';

/** Fetches a file and saves it; `name` picks the file name (given the server's); a failure is an alert with `errorPrefix`. */
export async function downloadFile<Call extends CallSpec>(
  path: PathTo<Call['path']>,
  name: (fromServer: string | undefined) => string,
  errorPrefix: string,
): Promise<void> {
  try {
    const { blob, fileName } = await apiDownload<Call>(path);
    saveBlob(blob, name(fileName));
  } catch (error) {
    notify(errorPrefix + (error instanceof Error ? error.message : String(error)));
  }
}
