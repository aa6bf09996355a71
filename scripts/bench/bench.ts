/**
 * `npm run bench`: runs every scripts/bench/bench-*.ts in turn (each prints its own figures and ratios
 * against a baseline it measures in the same run). `npm run bench -- storage` runs only the
 * files whose name contains "storage".
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const filters = process.argv.slice(2);
const files = readdirSync('scripts/bench')
  .filter((name) => /^bench-.+\.ts$/.test(name))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join('scripts/bench', file)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
