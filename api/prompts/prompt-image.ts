/** `GET /api/prompt/image/{filename}`: a stored cover image, cached for good by its name. */
import type * as calls from '../../contract/calls/prompts';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { HANDLED } from '../http/api-request';
import { HttpError } from '../http/http-error';
import { IMAGE_MIME } from '../images';

export async function image(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.promptImage>> {
  const name = req.params.filename ?? '';
  const body = await ctx.images.pipeline.read(name);
  if (!body) throw new HttpError(404, 'Image not found');
  // A stored name is random and never rewritten, so the name itself identifies the content.
  const etag = `"${name.replace(/\.webp$/, '')}"`;
  const headers = { 'Content-Type': IMAGE_MIME, 'Cache-Control': 'public, max-age=31536000, immutable', ETag: etag };
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    req.res.writeHead(304, headers);
    req.res.end();
    return HANDLED;
  }
  req.res.writeHead(200, { ...headers, 'Content-Length': body.length });
  req.res.end(req.method === 'HEAD' ? undefined : body);
  return HANDLED;
}
