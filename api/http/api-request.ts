import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config';
import { HttpError } from './http-error';

/** A handler's answer when it needs a status or headers other than 200 JSON. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export function reply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return new Reply(status, body, headers);
}

export type AdminIdentity = { adminId: number; tokenHash: string };

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
  config: Config;
  admin?: AdminIdentity;
};

/** Returning this tells the edge the handler already wrote the answer (file streams). */
export const HANDLED = Symbol('handled');

/** A positive integer route id, else 404 (an id that cannot exist is simply not found). */
export function idParam(req: ApiRequest, name = 'id'): number {
  const text = req.params[name] ?? '';
  if (!/^[1-9][0-9]{0,15}$/.test(text)) throw new HttpError(404, 'Not found');
  return Number(text);
}
