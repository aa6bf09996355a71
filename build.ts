/**
 * Builds the server bundle, the browser bundles (hashed names, code split), prerenders every page
 * with React's server renderer, builds the service worker and precompresses text files.
 * `npm run dev` (scripts/tasks/dev.ts) runs it again on every change.
 */
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { Metafile } from 'esbuild';
import { readPublicUrl } from './api/config';
import { listFiles, precompress } from './api/http/public-files';
import { seedStorefront } from './api/storefront/storefront-view';
import { ADMIN_ENTRY, CLIENT_ENTRY } from './contract/build-manifest';
import { DEFAULT_TIME_ZONE } from './contract/rules/shop-time';
import type { BuildManifest, RenderModule } from './contract/build-manifest';

// BUILD_OUT lets parallel work (tests, benches) build elsewhere than the served dist/.
export const DIST = process.env.BUILD_OUT || 'dist';
const PUBLIC = join(DIST, 'public');
const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

async function buildServer(): Promise<void> {
  // Workers are built beside server.js, where the code starting them looks for them.
  const workers = (await readdir('api', { recursive: true }))
    .filter((path) => path.endsWith('-worker.ts'))
    .map((path) => ({ in: join('api', path), out: basename(path, '.ts') }));
  await esbuild.build({
    entryPoints: [{ in: 'api/server.ts', out: 'server' }, ...workers],
    outdir: DIST,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

const BROWSER_OPTIONS = {
  outdir: join(PUBLIC, 'assets'),
  entryNames: '[name]-[hash]',
  publicPath: '/assets',
  bundle: true,
  format: 'esm',
  target: ['es2020'],
  minify: true,
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
} satisfies esbuild.BuildOptions;

const SPLIT_OPTIONS = {
  chunkNames: 'chunk-[hash]',
  assetNames: '[name]-[hash]',
  splitting: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  loader: { '.png': 'file', '.webp': 'file', '.svg': 'file', '.jpg': 'file' },
} satisfies esbuild.BuildOptions;

/**
 * The code browsers run, in three builds that share nothing: the island runtime (web/hydrate.tsx,
 * split, which gives each island a chunk of its own), the admin apart (a module both import, a rule
 * or React DOM, is copied into each, never a shared chunk that public pages would fetch too), and the
 * public pages' client entry alone, unsplit: a split build would make it import a shared chunk of
 * helpers, a second file to fetch before the page's code may start. Page modules are not in it:
 * browsers never run them.
 */
async function buildBrowser(): Promise<Metafile> {
  const builds = [
    esbuild.build({ ...BROWSER_OPTIONS, ...SPLIT_OPTIONS, entryPoints: [{ in: 'web/hydrate.tsx', out: 'site' }] }),
    esbuild.build({ ...BROWSER_OPTIONS, entryPoints: [{ in: CLIENT_ENTRY, out: 'boot' }] }),
  ];
  if (await exists(ADMIN_ENTRY))
    builds.push(
      // Its chunks, if it ever has any, are named admin-* too: the service worker leaves those out.
      esbuild.build({
        ...BROWSER_OPTIONS,
        ...SPLIT_OPTIONS,
        chunkNames: 'admin-chunk-[hash]',
        entryPoints: [{ in: ADMIN_ENTRY, out: 'admin' }],
      }),
    );
  // In this order: a web/ module both sides hold is listed under the public pages' chunk (toManifest).
  const metafiles = (await Promise.all(builds)).map((result) => result.metafile);
  return {
    inputs: Object.assign({}, ...metafiles.map((metafile) => metafile.inputs)),
    outputs: Object.assign({}, ...metafiles.map((metafile) => metafile.outputs)),
  };
}

/**
 * The pages' stylesheets and the files they name (images), from the page tree the server renders
 * (web/app.tsx and its page modules), split by page as before: each page inlines the site's CSS and
 * its own module's. Only those files are written; the tree's script is the server's business.
 */
async function buildPageStyles(): Promise<Metafile> {
  const result = await esbuild.build({
    ...BROWSER_OPTIONS,
    ...SPLIT_OPTIONS,
    entryPoints: [{ in: 'web/app.tsx', out: 'pages' }],
    write: false,
  });
  for (const file of result.outputFiles) {
    if (/\.js(\.map)?$/.test(file.path)) continue;
    await mkdir(dirname(file.path), { recursive: true });
    await writeFile(file.path, file.contents);
  }
  return result.metafile;
}

/**
 * esbuild keeps a shared chunk even when nothing is left in it (a module of constants inlined where
 * they are used, evanw/esbuild#1747), and every chunk that imports it makes the browser fetch it:
 * one more request for nothing. Such chunks are removed with the bare imports naming them.
 */
async function dropEmptyChunks(metafile: Metafile): Promise<void> {
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js') || output.entryPoint || (await readFile(file, 'utf8')).trim() !== '') continue;
    const statement = `import"/${relative(PUBLIC, file).split('\\').join('/')}";`;
    for (const [importer, other] of Object.entries(metafile.outputs)) {
      if (!other.imports.some((item) => item.path === file)) continue;
      const code = await readFile(importer, 'utf8');
      if (!code.includes(statement))
        throw new Error(`${importer} imports the empty ${file} other than by ${statement}`);
      await writeFile(importer, code.replace(statement, ''));
      other.imports = other.imports.filter((item) => item.path !== file);
    }
    await rm(file);
    delete metafile.outputs[file];
  }
}

/**
 * Chrome's file-level compile hint on the chunk that holds React DOM: its functions are compiled
 * while the file streams in, off the main thread, instead of all at once when hydration starts it
 * (measured: that task about 40% shorter). Other browsers read a comment.
 */
async function addCompileHints(metafile: Metafile): Promise<void> {
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js') || !Object.keys(output.inputs).some((input) => input.includes('node_modules/react-dom/')))
      continue;
    await writeFile(file, `//# allFunctionsCalledOnLoad\n${await readFile(file, 'utf8')}`);
  }
}

/**
 * Which output files each entry and each source module needs, and the text of every stylesheet.
 * Page modules and the page tree come from the styles build: only their stylesheets (`css`) are
 * served, their `js` is never written.
 */
async function toManifest(metafile: Metafile, styles: Metafile): Promise<BuildManifest> {
  const manifest: BuildManifest = { entries: {}, modules: {}, css: {} };
  const toUrl = (file: string): string => '/' + relative(PUBLIC, file).split('\\').join('/');
  const staticImports = (file: string, seen = new Set<string>()): string[] => {
    for (const item of metafile.outputs[file]?.imports ?? []) {
      if (item.kind === 'import-statement' && !seen.has(item.path)) {
        seen.add(item.path);
        staticImports(item.path, seen);
      }
    }
    return [...seen];
  };
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js')) continue;
    const files = {
      js: toUrl(file),
      imports: staticImports(file).map(toUrl),
      css: output.cssBundle ? [toUrl(output.cssBundle)] : [],
    };
    if (output.entryPoint) manifest.entries[output.entryPoint] = files;
    for (const input of Object.keys(output.inputs)) if (input.startsWith('web/')) manifest.modules[input] ??= files;
  }
  for (const [file, output] of Object.entries(styles.outputs)) {
    if (!file.endsWith('.js') || !output.cssBundle) continue;
    const files = { js: toUrl(file), imports: [], css: [toUrl(output.cssBundle)] };
    for (const input of Object.keys(output.inputs))
      if (/^web\/(app\.tsx|pages\/)/.test(input)) manifest.modules[input] ??= files;
  }
  for (const file of [...Object.keys(metafile.outputs), ...Object.keys(styles.outputs)]
    .filter((name) => name.endsWith('.css'))
    .sort()) {
    manifest.css[toUrl(file)] = await readFile(file, 'utf8');
  }
  const boot = manifest.entries[CLIENT_ENTRY];
  if (boot) {
    const code = (await readFile(join(PUBLIC, boot.js), 'utf8')).trim();
    if (/<\/script|<!--/i.test(code))
      throw new Error(`${CLIENT_ENTRY} cannot be put inline: its code holds </script or <!--`);
    manifest.boot = { code, sha256: createHash('sha256').update(code).digest('base64') };
  }
  return manifest;
}

/** Pages are prerendered with the shipped storefront catalogue; the server renders them again with the owner's. */
async function prerender(manifest: BuildManifest): Promise<string[]> {
  const storefront = seedStorefront();
  const ssrFile = join(DIST, 'ssr', `render-${Date.now()}.mjs`);
  await esbuild.build({
    entryPoints: { [relative(join(DIST, 'ssr'), ssrFile).replace(/\.mjs$/, '')]: 'web/entry-server.tsx' },
    outdir: join(DIST, 'ssr'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    loader: { '.png': 'file', '.webp': 'file', '.svg': 'file', '.jpg': 'file', '.css': 'empty' },
    publicPath: '/assets',
    write: true,
    logLevel: 'warning',
  });
  const render = (await import(pathToFileURL(ssrFile).href)) as RenderModule;
  const written: string[] = [];
  const options = { timeZone: DEFAULT_TIME_ZONE, publicUrl: manifest.publicUrl! };
  for (const page of render.PAGES) {
    const html = await render.renderPage(page.path, manifest, storefront, options);
    await writeFile(join(PUBLIC, page.file), html);
    written.push(page.file);
  }
  for (const file of render.extraFiles?.(options) ?? []) {
    await mkdir(dirname(join(PUBLIC, file.path)), { recursive: true });
    await writeFile(join(PUBLIC, file.path), file.content);
  }
  // The server renders the pages again with the same module when the owner changes the catalogue.
  await rename(ssrFile, join(DIST, 'render.mjs'));
  await rm(join(DIST, 'ssr'), { recursive: true, force: true });
  return written;
}

async function buildServiceWorker(version: string): Promise<void> {
  if (!(await exists('web/service-worker.ts'))) return;
  const urls = (await listFiles(PUBLIC))
    .filter((file) => !file.endsWith('.map') && !file.endsWith('.br') && !file.endsWith('.gz'))
    .map((file) => '/' + relative(PUBLIC, file).split('\\').join('/'));
  await esbuild.build({
    entryPoints: ['web/service-worker.ts'],
    outfile: join(PUBLIC, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    define: { __BUILD_VERSION__: JSON.stringify(version), __BUILD_FILES__: JSON.stringify(urls) },
    logLevel: 'warning',
  });
}

export async function build(): Promise<void> {
  const started = performance.now();
  await rm(PUBLIC, { recursive: true, force: true });
  await mkdir(PUBLIC, { recursive: true });
  if (await exists('web/public')) await cp('web/public', PUBLIC, { recursive: true });
  await buildServer();
  const metafile = await buildBrowser();
  await dropEmptyChunks(metafile);
  await addCompileHints(metafile);
  const manifest = await toManifest(metafile, await buildPageStyles());
  // The pages name the shop's address; a server started with another PUBLIC_URL renders them again.
  const problems: string[] = [];
  manifest.publicUrl = readPublicUrl(process.env, problems);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  await writeFile(join(DIST, 'manifest.json'), JSON.stringify(manifest, null, 2));
  const pages = await prerender(manifest);
  // Pages carry their CSS inline: a change of CSS alone must make a new version of the caches too.
  await buildServiceWorker(createHash('sha256').update(JSON.stringify(manifest)).digest('base64url').slice(0, 16));
  await precompress(PUBLIC);
  console.log(`built ${pages.length} pages in ${Math.round(performance.now() - started)} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await build();
}
