import type { AnswerEnvelope, AnswerTo, BodyTo, CallSpec, PathTo } from '../../contract/calls/call';
import { answerOf, callJson, NoJsonAnswer } from '../json-call';

/** A call that never produced a JSON answer: network failure or a non-JSON body; its alert is the network prefix plus the reason (docs/spec.md#admin-messages). */
export class ApiError extends Error {}

let onUnauthorized: () => void = () => undefined;

/** Called when an admin call answers 401: the session ended (idle or maximum age) while the page was open. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

function noticeStatus(status: number, path: string): void {
  if (status === 401 && !path.startsWith('/api/admin/login')) onUnauthorized();
}

function parseAnswer<Call extends CallSpec>(status: number, text: string): AnswerTo<Call> {
  const answer = answerOf<Call>(status, text);
  if (!answer) throw new ApiError(`Unexpected answer from server (HTTP ${status})`);
  return answer;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** JSON call with the session cookie (typed as callJson is). Resolves with the answer (success or not); rejects with ApiError. */
export async function apiJson<Call extends CallSpec = CallSpec>(
  method: Call['method'],
  path: PathTo<Call['path']>,
  body?: BodyTo<Call>,
): Promise<AnswerTo<Call>> {
  const reply = await callJson<Call>(method, path, body).catch((error: unknown) => {
    if (error instanceof NoJsonAnswer && error.status !== undefined) noticeStatus(error.status, path);
    throw new ApiError(reasonOf(error));
  });
  noticeStatus(reply.status, path);
  return reply.answer;
}

/**
 * Multipart call through XMLHttpRequest, the only browser API that reports upload progress.
 * `onProgress` gets 0..1.
 */
export function apiUpload<Call extends CallSpec = CallSpec>(
  method: Call['method'],
  path: PathTo<Call['path']>,
  form: FormData,
  onProgress: (ratio: number) => void,
): Promise<AnswerTo<Call>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      noticeStatus(xhr.status, path);
      try {
        resolve(parseAnswer<Call>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError('Network error'));
    xhr.onabort = () => reject(new ApiError('Upload aborted'));
    xhr.send(form);
  });
}

/** The file name of a Content-Disposition header: the UTF-8 form first, then the plain one. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  const name = plain?.[1] ?? plain?.[2]?.trim();
  return name || undefined;
}

/** Fetches a download; a failed call rejects with the server's error text. */
export async function apiDownload<Call extends CallSpec = CallSpec>(
  path: PathTo<Call['path']>,
): Promise<{ blob: Blob; fileName: string | undefined }> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(reasonOf(error));
  }
  if (!response.ok) {
    noticeStatus(response.status, path);
    const text = await response.text();
    let message = `HTTP ${response.status}`;
    try {
      const answer = JSON.parse(text) as AnswerEnvelope;
      if (typeof answer.error === 'string' && answer.error) message = answer.error;
    } catch {
      // keep the status text
    }
    throw new ApiError(message);
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
}

/** Saves a blob under `fileName` through a temporary link with the download attribute. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
