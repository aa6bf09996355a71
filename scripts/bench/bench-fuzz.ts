/**
 * The full fuzz run: 10,000 generated requests over every call of the contract, plausible, broken
 * and malformed (npm test runs the same test with a smaller count). FUZZ_COUNT and FUZZ_SEED override.
 */
import { spawnSync } from 'node:child_process';

const count = process.env.FUZZ_COUNT ?? '10000';
const started = performance.now();
const result = spawnSync(process.execPath, ['--import', 'tsx', 'test/http/fuzz.test.ts'], {
  env: { ...process.env, FUZZ_COUNT: count, LOG_LEVEL: 'silent' },
  encoding: 'utf8',
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const passed = result.status === 0;
console.log(
  `fuzz: ${count} requests in ${seconds} s: ${passed ? 'no 5xx, no stack trace, answers as declared, rejected calls changed nothing' : 'FAILED'}`,
);
if (!passed) console.log(result.stdout, result.stderr);
process.exit(result.status ?? 1);
