/** What the prompt calls share: the image pipeline, the public list's answer cache, the upload slots. */
import { join } from 'node:path';
import { listPromptImagePaths } from '../../data/prompts';
import { storefrontBlobNames } from '../../data/storefront-values';
import type { CoreContext } from '../core-context';
import { AnswerCache } from '../http/answer-cache';
import { ImagePipeline, UPLOAD_TEMP_FOLDER } from './images';

/** Public list pages kept serialized (~16 KB each plus compressed forms): a few MB at most. */
const LIST_CACHE_ENTRIES = 200;

export type PromptServices = {
  images: ImagePipeline;
  /** Where multipart bodies are written while a request is parsed. */
  tempDir: string;
  listCache: AnswerCache;
  /** Uploads being parsed and resized now. */
  uploads: { running: number };
};

export async function setupPrompts(ctx: CoreContext): Promise<PromptServices> {
  const images = await ImagePipeline.open(ctx.config.dataDir, ctx.db.blobs);
  ctx.onClose(() => images.close());
  // Images of uploads that never committed (a crash in between); in the background, off the start
  // path. Anything written before this moment belongs to an earlier run; with instances sharing
  // the store, an hour before, as another instance may be between storing an image and its row.
  const startedAt = Date.now() - (ctx.db.shared ? 3600 * 1000 : 0);
  // The storefront's screenshot lives in the same blobs.
  void Promise.all([listPromptImagePaths(ctx.db), storefrontBlobNames(ctx.db)])
    .then(([paths, kept]) => images.sweepOrphans(new Set([...paths.map((path) => path.split('/').pop() ?? path), ...kept]), startedAt))
    .catch((error: unknown) => ctx.log.warn(`upload sweep failed: ${(error as Error).message}`));
  return { images, tempDir: join(images.uploadsDir, UPLOAD_TEMP_FOLDER), listCache: new AnswerCache(LIST_CACHE_ENTRIES), uploads: { running: 0 } };
}
