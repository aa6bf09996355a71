import { mkdir, rm } from 'node:fs/promises';
import formidable, { errors as formidableErrors, multipart } from 'formidable';
import type { File } from 'formidable';
import type { ApiRequest } from './api-request';
import { HttpError } from './http-error';

/** One uploaded file, already on disk in the temp folder. */
export type UploadedFile = { path: string; mime: string; size: number; name: string };

export type Multipart = {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
  /** Removes every temp file of this request; call it in `finally`, whatever happened. */
  cleanup: () => Promise<void>;
};

export type MultipartLimits = { tempDir: string; maxFileBytes: number; maxFieldsBytes: number; maxFields?: number };

// Multipart framing (boundaries, part headers) on top of the payload.
const FRAMING_SLACK_BYTES = 64 * 1024;

export function isMultipart(req: ApiRequest): boolean {
  return /^multipart\/form-data\b/i.test(String(req.headers['content-type'] ?? ''));
}

function toHttpError(error: unknown, limits: MultipartLimits): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const megabytes = Math.round(limits.maxFileBytes / (1024 * 1024));
  switch (code) {
    case formidableErrors.biggerThanMaxFileSize:
    case formidableErrors.biggerThanTotalMaxFileSize:
      return new HttpError(413, `Image is too large (max ${megabytes} MB)`);
    case formidableErrors.maxFieldsSizeExceeded:
      return new HttpError(413, 'Form fields are too large');
    case formidableErrors.maxFieldsExceeded:
      return new HttpError(400, 'Too many form fields');
    case formidableErrors.maxFilesExceeded:
      return new HttpError(400, 'Only one file can be uploaded');
    case formidableErrors.aborted:
      return new HttpError(400, 'Upload aborted');
    default:
      return new HttpError(400, 'Malformed multipart body');
  }
}

/** Waits until formidable has closed a temp file, so removing it cannot race with a late open. */
function whenClosed(file: File): Promise<void> {
  // formidable keeps the write stream private; this file is the only place that knows.
  const stream = (file as unknown as { _writeStream?: NodeJS.WritableStream & { closed?: boolean } })._writeStream;
  if (!stream || stream.closed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 2000);
    stream.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Parses a multipart/form-data body with formidable into plain fields and files. Refuses
 * (415) any other content type, and (413) a body larger than the limits. Each field may be sent
 * once. Empty file parts (a file input left empty by a browser form) count as not sent.
 */
export async function readMultipart(req: ApiRequest, limits: MultipartLimits): Promise<Multipart> {
  if (!isMultipart(req)) throw new HttpError(415, 'Content-Type must be multipart/form-data');
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limits.maxFileBytes + limits.maxFieldsBytes + FRAMING_SLACK_BYTES) {
    throw new HttpError(
      413,
      `Request body too large (max ${Math.round(limits.maxFileBytes / (1024 * 1024))} MB image)`,
    );
  }
  await mkdir(limits.tempDir, { recursive: true, mode: 0o700 });
  const opened: File[] = [];
  const cleanup = async (): Promise<void> => {
    await Promise.all(opened.map(whenClosed));
    await Promise.all(opened.map((file) => rm(file.filepath, { force: true })));
  };
  const form = formidable({
    uploadDir: limits.tempDir,
    keepExtensions: false,
    maxFiles: 1,
    maxFileSize: limits.maxFileBytes,
    maxTotalFileSize: limits.maxFileBytes,
    maxFields: limits.maxFields ?? 20,
    maxFieldsSize: limits.maxFieldsBytes,
    enabledPlugins: [multipart],
    allowEmptyFiles: true,
    minFileSize: 0,
  });
  form.on('fileBegin', (_name, file) => opened.push(file));
  try {
    const [rawFields, rawFiles] = await form.parse(req.raw);
    const fields: Record<string, string> = {};
    for (const [name, values] of Object.entries(rawFields)) {
      if (!values || values.length === 0) continue;
      if (values.length > 1) throw new HttpError(400, `${name} must be sent only once`);
      fields[name] = values[0]!;
    }
    const files: Record<string, UploadedFile> = {};
    for (const [name, list] of Object.entries(rawFiles)) {
      const file = list?.[0];
      if (!file || (file.size === 0 && !file.originalFilename)) continue;
      if (name in fields) throw new HttpError(400, `${name} must be sent only once`);
      files[name] = {
        path: file.filepath,
        mime: file.mimetype ?? 'application/octet-stream',
        size: file.size,
        name: file.originalFilename ?? '',
      };
    }
    return { fields, files, cleanup };
  } catch (error) {
    await cleanup();
    throw toHttpError(error, limits);
  }
}
