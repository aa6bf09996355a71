/** The audit's command line. */
import { PAGE_META } from '../../web/content/page-meta';

export type AuditOptions = {
  runs: number;
  routes: string[];
  lighthouse: boolean;
  axe: boolean;
  json?: string;
  /** The build folder (server.js, render.mjs, manifest.json, public/). */
  dist: string;
};

/** Every public page (the sitemap's list). */
export const ALL_ROUTES = PAGE_META.map((meta) => meta.path);

export const USAGE = `usage: npm run audit:pages -- [--runs N] [--route /path]... [--no-lighthouse | --trace-only] [--json FILE] [--dist DIR]`;

export function parseOptions(argv: string[]): AuditOptions {
  const options: AuditOptions = {
    runs: 5,
    routes: [],
    lighthouse: true,
    axe: true,
    dist: process.env.BUILD_OUT || 'dist',
  };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const value = (): string => {
      const next = argv[++index];
      if (next === undefined) throw new Error(`${arg} needs a value\n${USAGE}`);
      return next;
    };
    if (arg === '--runs') options.runs = Number(value());
    else if (arg === '--route') options.routes.push(value());
    else if (arg === '--no-lighthouse') options.lighthouse = false;
    else if (arg === '--trace-only') [options.lighthouse, options.axe] = [false, false];
    else if (arg === '--json') options.json = value();
    else if (arg === '--dist') options.dist = value();
    else if (arg.startsWith('/')) options.routes.push(arg);
    else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error(`--runs wants a whole number ≥ 1\n${USAGE}`);
  const unknown = options.routes.filter((route) => !ALL_ROUTES.includes(route));
  if (unknown.length) throw new Error(`not a public page: ${unknown.join(', ')} (pages: ${ALL_ROUTES.join(' ')})`);
  if (options.routes.length === 0) options.routes = [...ALL_ROUTES];
  return options;
}
