import type { Handler, HandlerContext } from './api-request';

export type Route<Ctx extends HandlerContext = HandlerContext> = readonly [
  method: string,
  pattern: string,
  handler: Handler<Ctx>,
];

type CompiledRoute<Ctx extends HandlerContext> = {
  method: string;
  pattern: string;
  regex: RegExp;
  keys: string[];
  handler: Handler<Ctx>;
};

export type Match<Ctx extends HandlerContext = HandlerContext> =
  | {
      kind: 'found';
      handler: Handler<Ctx>;
      params: Record<string, string>;
      /** The table's pattern (a bounded metrics label). */ pattern: string;
    }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

/** Patterns like `/api/license/extend/:id` or `{id}` (the contract's style); a parameter matches one path segment. */
export function compilePattern(pattern: string): { regex: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      const name = /^:(\w+)$|^\{(\w+)\}$/.exec(segment);
      if (name) {
        keys.push(name[1] ?? name[2]!);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { regex: new RegExp(`^${source}/?$`), keys };
}

export class Router<Ctx extends HandlerContext = HandlerContext> {
  private readonly routes: CompiledRoute<Ctx>[];
  /** Routes without parameters by method and exact path: most calls are found without a regex. */
  private readonly exact = new Map<string, CompiledRoute<Ctx>>();

  constructor(table: readonly Route<Ctx>[]) {
    this.routes = table.map(([method, pattern, handler]) => ({ method, pattern, handler, ...compilePattern(pattern) }));
    // Only where the scan below would find the same route: the first one of that method matching the path.
    for (const [index, route] of this.routes.entries()) {
      const [method, pattern] = table[index]!;
      if (/[:{]/.test(pattern) || this.exact.has(`${method} ${pattern}`)) continue;
      const first = this.routes.find((other) => other.method === method && other.regex.test(pattern));
      if (first === route) this.exact.set(`${method} ${pattern}`, route);
    }
  }

  find(method: string, path: string): Match<Ctx> {
    const lookup = method === 'HEAD' ? 'GET' : method;
    const exact = this.exact.get(`${lookup} ${path}`);
    if (exact) return { kind: 'found', handler: exact.handler, params: {}, pattern: exact.pattern };
    const allowed: string[] = [];
    for (const route of this.routes) {
      const match = route.regex.exec(path);
      if (!match) continue;
      if (route.method !== lookup) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      for (let index = 0; index < route.keys.length; index++) {
        const raw = match[index + 1] ?? '';
        let value: string;
        try {
          value = decodeURIComponent(raw);
        } catch {
          value = raw;
        }
        params[route.keys[index]!] = value;
      }
      return { kind: 'found', handler: route.handler, params, pattern: route.pattern };
    }
    return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
  }
}
