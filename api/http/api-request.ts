import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnyAnswerOf, CallSpec, SuccessOf } from '../../contract/calls/call';
import { ID_PATTERN } from '../../contract/calls/schema';
import type { ServerConfig } from '../config';
import type { Logger } from '../logger';
import { HttpError } from './http-error';
import type { JsonBody } from './json-body';

/** A handler's answer when it needs a status or headers other than 200 JSON. */
export class Reply<Body = unknown> {
  constructor(
    readonly status: number,
    readonly body: Body | JsonBody<Body>,
    readonly headers: Record<string, string> = {},
  ) {}
}

export function reply<Body>(
  status: number,
  body: Body | JsonBody<Body>,
  headers: Record<string, string> = {},
): Reply<Body> {
  return new Reply(status, body, headers);
}

export type AdminIdentity = { adminId: number; tokenHash: string };
/** A buyer signed in on /lisensi: the address they proved they read, lower-cased. */
export type BuyerIdentity = { email: string; tokenHash: string };

export type ApiRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  headers: IncomingMessage['headers'];
  ip: string;
  /** True when the client reached us over https (directly or, with TRUST_PROXY, via the proxy). */
  secure: boolean;
  raw: IncomingMessage;
  res: ServerResponse;
  config: ServerConfig;
  admin?: AdminIdentity;
  /** The route pattern the router matched (set before the handler runs); undefined when none did. */
  route?: string;
  buyer?: BuyerIdentity;
};

/** Returning this tells the edge the handler already wrote the answer (file streams). */
export const HANDLED = Symbol('handled');

/**
 * What the core needs of the context every handler receives: the log for failures, and the store
 * to sync before an answer leaves. The wiring's context (`AppContext`, api/context.ts) adds what
 * each feature set up; the core never names a feature.
 */
export type HandlerContext = { log: Logger; db: { sync(): Promise<void> } };

/** A route's function as the router holds it (test routes are plain ones too). */
export type Handler<Ctx extends HandlerContext = HandlerContext> = (req: ApiRequest, ctx: Ctx) => unknown;

/**
 * What a call's handler may return: its success answer (200), a Reply with any answer the
 * contract declares, the same kept serialized, or HANDLED after writing a file itself.
 */
export type AnswerFor<Call extends CallSpec> =
  SuccessOf<Call> | JsonBody<SuccessOf<Call>> | Reply<AnyAnswerOf<Call>> | typeof HANDLED;

/** A call's handler: the contract checks what it returns. */
export type HandlerOf<Call extends CallSpec, Ctx extends HandlerContext = HandlerContext> = (
  req: ApiRequest,
  ctx: Ctx,
) => Promise<AnswerFor<Call>> | AnswerFor<Call>;

/**
 * One handler per call, keyed by the call's id, each checked against its own call's answers: a
 * call without a handler, or a handler without a call, fails the type check.
 */
export type HandlerMap<Calls extends readonly CallSpec[], Ctx extends HandlerContext = HandlerContext> = {
  readonly [Call in Calls[number] as Call['id']]: HandlerOf<Call, Ctx>;
};

const ROUTE_ID = new RegExp(ID_PATTERN);

/** A positive integer route id, else 404 (an id that cannot exist is simply not found). */
export function idParam(req: ApiRequest, name = 'id'): number {
  const text = req.params[name] ?? '';
  if (!ROUTE_ID.test(text)) throw new HttpError(404, 'Not found');
  return Number(text);
}

/**
 * A whole number from the query clamped into [min, max]: its leading digits as parseInt reads
 * them (`5.9` is 5, `2abc` is 2, as the licence and prompt lists both read them now); nothing
 * readable gives `fallback`.
 */
export function queryInt(text: string | null | undefined, fallback: number, min: number, max: number): number {
  const value = Number.parseInt(text ?? '', 10);
  return Math.min(max, Math.max(min, Number.isFinite(value) ? value : fallback));
}
