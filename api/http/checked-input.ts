/**
 * A call's body and query read against its contract: the server's validation and the types a
 * handler works with come from the same schemas. Handlers call these where their order of
 * checks wants them (an unknown id is 404 before a bad field is 400).
 */
import type { BodyOf, CallSpec, QueryOf } from '../../contract/calls/call';
import { checkFields } from '../../contract/calls/check-fields';
import type { ApiRequest } from './api-request';
import { HttpError } from './http-error';
import { JSON_LIMIT_BYTES, PUBLIC_JSON_LIMIT_BYTES, readJson } from './read-body';

/**
 * The JSON body checked against `call.body`: 415 not JSON, 413 too large (a few KB for a public
 * call, else 1 MB), 400 naming the first bad field.
 */
export async function checkedBody<Call extends CallSpec>(
  req: ApiRequest,
  call: Call,
  limit = call.auth === 'public' ? PUBLIC_JSON_LIMIT_BYTES : JSON_LIMIT_BYTES,
): Promise<BodyOf<Call>> {
  return checkedFields(call, await readJson(req, limit));
}

/** A body already read as JSON checked against `call.body`: 400 naming the first bad field. */
export function checkedFields<Call extends CallSpec>(call: Call, raw: Record<string, unknown>): BodyOf<Call> {
  if (!call.body) throw new Error(`${call.id} declares no body`);
  const checked = checkFields<BodyOf<Call>>(call.body, raw);
  if (!checked.ok) throw new HttpError(400, checked.error);
  return checked.value;
}

/** The declared query parameters (the first value of each) checked against `call.query`. */
export function checkedQuery<Call extends CallSpec>(req: ApiRequest, call: Call): QueryOf<Call> {
  if (!call.query) throw new Error(`${call.id} declares no query`);
  const raw: Record<string, unknown> = {};
  for (const name of Object.keys(call.query.properties)) raw[name] = req.query.get(name) ?? undefined;
  const checked = checkFields<QueryOf<Call>>(call.query, raw);
  if (!checked.ok) throw new HttpError(400, checked.error);
  return checked.value;
}
