/**
 * The public pages follow the catalogue and the shop's address (PUBLIC_URL) without a rebuild: the build leaves its
 * React server renderer (`render.mjs`) and manifest beside the public folder; at start (when the address is not the
 * build's) and after a change the server renders every public page, sitemap.xml and robots.txt again with the same
 * code the build used, compresses them, and swaps a new static table in. Hashed assets are never touched.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Storefront } from '../../contract/calls/storefront';
import type { BuildManifest, RenderModule, RenderOptions } from '../../contract/build-manifest';
import type { Logger } from '../logger';
import type { FileContent, StaticFiles } from '../http/static-files';
import { BUILD_BROTLI_QUALITY, GZIP_LEVEL } from '../http/public-files';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The screenshot's three forms, as served at the home page's image addresses. */
export type EarningsFiles = Array<{ urlPath: string; body: Buffer }>;

type Renderer = { module: RenderModule; manifest: BuildManifest };

export type RenderTimes = { pages: number; renderMs: number; totalMs: number };

/** Where the build put its renderer and manifest: beside the public folder. */
export function rendererFiles(publicDir: string): { module: string; manifest: string } {
  const dist = dirname(publicDir);
  return { module: join(dist, 'render.mjs'), manifest: join(dist, 'manifest.json') };
}

/** The shop's address the build rendered its pages with (undefined: a build from before it recorded one). */
export async function builtPublicUrl(publicDir: string): Promise<string | undefined> {
  try {
    return (JSON.parse(await readFile(rendererFiles(publicDir).manifest, 'utf8')) as BuildManifest).publicUrl;
  } catch {
    return undefined;
  }
}

async function loadRenderer(publicDir: string): Promise<Renderer | undefined> {
  const files = rendererFiles(publicDir);
  if (!existsSync(files.module) || !existsSync(files.manifest)) return undefined;
  const module = (await import(pathToFileURL(files.module).href)) as RenderModule;
  const manifest = JSON.parse(await readFile(files.manifest, 'utf8')) as BuildManifest;
  return { module, manifest };
}

/** Compressed forms of a page: brotli fast (quality 5, ~15 ms a page) or as the build does (11, ~8% smaller, ~30x slower). */
async function compressed(urlPath: string, body: Buffer, quality: number): Promise<FileContent> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzipAsync(body, { level: GZIP_LEVEL }),
  ]);
  return { urlPath, body, br, gzip: gz };
}

const FAST_QUALITY = 5;
const WARM_PASSES = 3;

export class StorefrontPages {
  private renderer: Promise<Renderer | undefined> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Moves with every publish: a background recompression of older pages is dropped. */
  private generation = 0;

  constructor(
    /** The table pages are answered from; replaced whole by publish(). */
    public statics: StaticFiles,
    private readonly publicDir: string,
    private readonly log: Logger,
    /** The shop's zone (TIME_ZONE: the legal pages' date) and address (PUBLIC_URL: every page's links to itself). */
    private readonly options: Pick<RenderOptions, 'timeZone' | 'publicUrl'>,
  ) {}

  /**
   * Renders every public page with `storefront` and swaps them and the screenshot files in.
   * Calls run one after another, so the last change is the one that stays.
   */
  publish(storefront: Storefront, earnings: EarningsFiles): Promise<RenderTimes | undefined> {
    const run = this.queue.then(() => this.render(storefront, earnings));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async render(storefront: Storefront, earnings: EarningsFiles): Promise<RenderTimes | undefined> {
    const started = performance.now();
    const renderer = await (this.renderer ??= loadRenderer(this.publicDir));
    if (!renderer) {
      this.log.warn('storefront: this build has no page renderer (render.mjs); pages keep the catalogue of the build');
      this.statics = this.statics.withFiles(earnings);
      return undefined;
    }
    const renderStarted = performance.now();
    const pages = await this.renderAll(renderer, storefront);
    const renderMs = performance.now() - renderStarted;
    const bodies = pages.map((page) => ({ urlPath: page.urlPath, body: Buffer.from(page.html) }));
    // Served at once as they are; their compressed forms follow within moments.
    this.statics = this.statics.withFiles([...bodies, ...earnings]);
    const generation = ++this.generation;
    void this.recompress(bodies, generation).catch((error: unknown) =>
      this.log.warn(`storefront: pages are served uncompressed (${String(error)})`),
    );
    return { pages: pages.length, renderMs, totalMs: performance.now() - started };
  }

  /**
   * Compressed forms off the main thread, swapped in unless the pages changed since: fast ones
   * first, then the build's quality one page at a time.
   */
  private async recompress(bodies: Array<{ urlPath: string; body: Buffer }>, generation: number): Promise<void> {
    const fast = await Promise.all(bodies.map((page) => compressed(page.urlPath, page.body, FAST_QUALITY)));
    if (generation !== this.generation) return;
    this.statics = this.statics.withFiles(fast);
    const best: FileContent[] = [];
    for (const page of bodies) {
      if (generation !== this.generation) return;
      best.push(await compressed(page.urlPath, page.body, BUILD_BROTLI_QUALITY));
    }
    if (generation === this.generation) this.statics = this.statics.withFiles(best);
  }

  private async renderAll(
    renderer: Renderer,
    storefront: Storefront,
  ): Promise<Array<{ urlPath: string; html: string }>> {
    const pages: Array<{ urlPath: string; html: string }> = [];
    for (const page of renderer.module.PAGES) {
      if (!this.statics.has(`/${page.file}`) || page.file === 'admin.html') continue;
      pages.push({
        urlPath: `/${page.file}`,
        html: await renderer.module.renderPage(page.path, renderer.manifest, storefront, { ...this.options }),
      });
    }
    for (const file of renderer.module.extraFiles?.({ publicUrl: this.options.publicUrl }) ?? []) {
      if (this.statics.has(`/${file.path}`)) pages.push({ urlPath: `/${file.path}`, html: file.content });
    }
    return pages;
  }

  /**
   * Ahead of the first change (the owner opened the Storefront tab): the renderer is loaded and
   * run a few times, so the save itself renders with warm code (~30 ms instead of ~300).
   */
  warm(storefront: Storefront): void {
    if (this.renderer) return;
    const loading = (this.renderer = loadRenderer(this.publicDir));
    this.queue = this.queue
      .then(async () => {
        const renderer = await loading;
        // A few passes: V8 optimises what runs often.
        for (let pass = 0; renderer && pass < WARM_PASSES; pass++) await this.renderAll(renderer, storefront);
      })
      .catch(() => undefined);
  }
}
