/**
 * The image room as features see it: the pipeline (check, resize in a worker, store, serve, remove)
 * and the upload slots every image upload shares, set up once for prompts and storefront alike.
 */
import { join } from 'node:path';
import { listPromptImagePaths } from '../../data/prompts';
import { storefrontBlobNames } from '../../data/storefront-values';
import type { CoreContext } from '../core-context';
import { ImagePipeline, UPLOAD_TEMP_FOLDER } from './images';
import { HOUR_MS } from '../../contract/rules/durations';

export type ImageServices = {
  pipeline: ImagePipeline;
  /** Where multipart bodies are written while a request is parsed. */
  tempDir: string;
  /** Uploads being parsed and resized now, whichever feature takes them. */
  uploads: { running: number };
};

export async function setupImages(ctx: CoreContext): Promise<ImageServices> {
  const pipeline = await ImagePipeline.open(ctx.config.dataDir, ctx.db.blobs);
  ctx.onClose(() => pipeline.close());
  // Images of uploads that never committed (a crash in between); in the background, off the start
  // path. Anything written before this moment belongs to an earlier run; with instances sharing
  // the store, an hour before, as another instance may be between storing an image and its row.
  const startedAt = Date.now() - (ctx.db.shared ? HOUR_MS : 0);
  // Prompt covers and the storefront's screenshot live in the same blobs.
  void Promise.all([listPromptImagePaths(ctx.db), storefrontBlobNames(ctx.db)])
    .then(([paths, kept]) =>
      pipeline.sweepOrphans(new Set([...paths.map((path) => path.split('/').pop() ?? path), ...kept]), startedAt),
    )
    .catch((error: unknown) => ctx.log.warn(`upload sweep failed: ${(error as Error).message}`));
  return { pipeline, tempDir: join(pipeline.uploadsDir, UPLOAD_TEMP_FOLDER), uploads: { running: 0 } };
}
