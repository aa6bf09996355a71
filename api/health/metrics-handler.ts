/** `GET /metrics`: the Prometheus text, only for the bearer of METRICS_TOKEN. */
import type { metrics as metricsCall } from '../../contract/calls/health';
import type { AppContext } from '../context';
import { HANDLED } from '../http/api-request';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { HttpError } from '../http/http-error';
import { sameSecret } from '../shared/same-secret';

/** Compared in constant time (sameSecret), also when the header is not a bearer token at all. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return sameSecret(match?.[1] ?? '', token) && match !== null;
}

export async function metrics(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof metricsCall>> {
  const token = ctx.config.metricsToken;
  // Unset: no such path, as for any unknown one.
  if (!token || !ctx.metrics) throw new HttpError(404, 'Not found');
  if (!bearerMatches(req.headers.authorization, token)) {
    throw new HttpError(401, 'Unauthorized', { 'WWW-Authenticate': 'Bearer realm="metrics"' });
  }
  const text = Buffer.from(await ctx.metrics.registry.metrics(), 'utf8');
  req.res.writeHead(200, {
    'Content-Type': ctx.metrics.registry.contentType,
    'Content-Length': text.length,
    'Cache-Control': 'no-store',
  });
  req.res.end(req.method === 'HEAD' ? undefined : text);
  return HANDLED;
}
