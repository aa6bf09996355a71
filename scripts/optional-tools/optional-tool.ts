/**
 * The heavy measuring tools (Lighthouse, autocannon: about 250 packages) live in their own folder
 * with their own lockfile, so `npm ci` (and CI) never installs them; the audit and the load benches
 * install them here on first use, at the versions the lockfile pins.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const requireHere = createRequire(join(HERE, 'package.json'));

function installOnce(name: string): void {
  if (existsSync(join(HERE, 'node_modules', name, 'package.json'))) return;
  console.log(`Installing the optional measuring tools into scripts/optional-tools/ (once; needs the npm registry)...`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: HERE,
    stdio: 'inherit',
    // npm is a .cmd script on Windows, which Node (since the CVE-2024-27980 fix) starts only through a shell.
    shell: process.platform === 'win32',
  });
  if (result.status !== 0)
    throw new Error(`Could not install ${name} into scripts/optional-tools/ (npm ci exited ${result.status})`);
}

/** A CommonJS tool (autocannon). */
export function requireOptionalTool<T>(name: string): T {
  installOnce(name);
  return requireHere(name) as T;
}

/** An ES module tool (lighthouse). */
export async function importOptionalTool<T>(name: string): Promise<T> {
  installOnce(name);
  return (await import(pathToFileURL(requireHere.resolve(name)).href)) as T;
}
