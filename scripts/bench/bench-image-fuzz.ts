/**
 * `npm run bench -- image-fuzz`: the image decoders' fuzz, longer than `npm test`'s: mutants of
 * every seed file from IMAGE_FUZZ_SEED (default: the time, printed so a failure can be re-run) and
 * IMAGE_FUZZ_COUNT of them in all (default 20,000), plus the crafted files, the heavy ones included
 * (a 39.7-megapixel PNG of zeros). Each must end refused (413/415) or as a picture; the run prints
 * how they ended, the slowest cases and the process's peak RSS, and fails on the first decoder bug.
 */
import { decodeAsUpload, FUZZ_SIZES, fuzzCases, seedFiles, seededRandom } from '../../test/image-fuzz-cases';

const seed = Number(process.env.IMAGE_FUZZ_SEED ?? Date.now() % 1_000_000_000);
const count = Number(process.env.IMAGE_FUZZ_COUNT ?? 20_000);
const perSeed = Math.max(1, Math.ceil(count / seedFiles().length));
console.log(`image fuzz: seed ${seed} (IMAGE_FUZZ_SEED), ${perSeed} mutants per seed file, and the crafted files`);

const random = seededRandom(seed);
const ended: Record<string, number> = {};
const slowest: Array<{ name: string; ms: number }> = [];
const started = performance.now();
for (const fuzzCase of fuzzCases(seed, perSeed, true)) {
  const size = FUZZ_SIZES[Math.floor(random() * FUZZ_SIZES.length)]!;
  const caseStarted = performance.now();
  let outcome;
  try {
    outcome = await decodeAsUpload(fuzzCase.bytes, size);
  } catch (error) {
    console.error(`DECODER BUG in ${fuzzCase.name} (IMAGE_FUZZ_SEED=${seed}, cover ${JSON.stringify(size)}):`, error);
    process.exit(1);
  }
  const ending = 'refused' in outcome ? String(outcome.refused) : 'image';
  if (fuzzCase.expect !== undefined && String(fuzzCase.expect) !== ending) {
    console.error(`${fuzzCase.name}: ended ${ending}, expected ${fuzzCase.expect}`);
    process.exit(1);
  }
  ended[ending] = (ended[ending] ?? 0) + 1;
  slowest.push({ name: fuzzCase.name, ms: performance.now() - caseStarted });
  slowest.sort((a, b) => b.ms - a.ms).splice(5);
}
const total = Object.values(ended).reduce((sum, value) => sum + value, 0);
console.log(
  `${total} cases in ${((performance.now() - started) / 1000).toFixed(1)} s: ${Object.entries(ended)
    .map(([ending, value]) => `${value} ${ending === 'image' ? 'pictures' : `refused ${ending}`}`)
    .join(', ')}; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
);
console.log(`slowest: ${slowest.map(({ name, ms }) => `${name} ${ms.toFixed(0)} ms`).join('; ')}`);
