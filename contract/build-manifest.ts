/** What build.ts hands to the server renderer, and what the renderer module must export. */
import type { Storefront } from './calls/storefront';

/** Output files (URLs under /assets) one entry or one source module needs. */
export type ChunkFiles = { js: string; imports: string[]; css: string[] };

export type BuildManifest = {
  /** By entry source path, e.g. `web/entry-client.tsx`. */
  entries: Record<string, ChunkFiles>;
  /** By source module path, e.g. `web/pages/home.tsx`: the chunk that holds it. */
  modules: Record<string, ChunkFiles>;
  /**
   * The text of every built stylesheet by URL. Public pages carry their CSS inline, so whoever
   * assembles a page (the build, or the server re-rendering one) needs only this manifest.
   */
  css: Record<string, string>;
  /**
   * The public pages' client entry, put inline in each page: a file would be one more request
   * before the largest paint on a slow link. `sha256` (base64) lets the Content-Security-Policy
   * allow exactly this script and no other inline one.
   */
  boot?: { code: string; sha256: string };
  /**
   * The shop's address the build rendered its pages with (PUBLIC_URL at build time, else the default): a server
   * started with another PUBLIC_URL renders them again before it serves one.
   */
  publicUrl?: string;
};

/** The public pages' client entry (put inline in them: BuildManifest.boot). */
export const CLIENT_ENTRY = 'web/entry-client.tsx';

/** The admin dashboard's entry, built apart from the public pages' code. */
export const ADMIN_ENTRY = 'web/admin/entry.tsx';

/**
 * What a page is rendered with besides the catalogue: the shop's zone (TIME_ZONE) and the moment of rendering, for
 * the dates a page shows, and the shop's own address (PUBLIC_URL, an origin without a trailing slash) for its
 * canonical link, Open Graph and JSON-LD addresses.
 */
export type RenderOptions = { timeZone: string; publicUrl: string; now?: Date };

/** One prerendered HTML file: the route path and the file name under dist/public. */
export type PrerenderedPage = { path: string; file: string };

export type RenderModule = {
  PAGES: PrerenderedPage[];
  /** The build renders with the shipped catalogue; the server again with the owner's after each change. */
  renderPage: (
    path: string,
    manifest: BuildManifest,
    storefront: Storefront,
    options: RenderOptions,
  ) => string | Promise<string>;
  /** Other generated files (sitemap.xml, robots.txt naming the shop's address, site.webmanifest), under dist/public. */
  extraFiles?: (options: Pick<RenderOptions, 'publicUrl'>) => Array<{ path: string; content: string }>;
};

/** Id of the JSON block naming the page's own chunks, which the client entry loads after the first paint. */
export const PAGE_CHUNKS_ID = 'page-chunks';

/**
 * That block: the island runtime and the chunks it imports (`preload`), and each island's chunks
 * by island name, fetched when that island is due.
 */
export type PageChunks = { main: string; preload: string[]; islands: Record<string, string[]> };
