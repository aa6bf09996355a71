/**
 * The data the load benches run against: bound bench licences (seed-bench-licenses.ts) and prompts of
 * ~500 characters whose words repeat, so a search such as "piano dan" matches a share of them.
 */
import { loadLicenseSigner } from '../../api/license-api/license-signing';
import { importLicenses } from '../../data/licenses/licenses';
import { openStore } from '../../data/open-store';
import { createPrompt } from '../../data/prompts';
import { boundBenchLicenses } from './seed-bench-licenses';

// prettier-ignore
const WORDS = [
  'lofi', 'hujan', 'piano', 'gaming', 'asmr', 'santai',
  'fokus', 'malam', 'kopi', 'pantai', 'jazz', 'alam',
];

/** Seeds a fresh store (`databaseUrl` for PostgreSQL, else sql.js in `dataDir`) and closes it. */
export async function seedBenchData(
  store: { databaseUrl: string | undefined; dataDir: string },
  counts: { licences: number; prompts: number },
): Promise<void> {
  const started = performance.now();
  const db = await openStore({ ...store, onError: console.error, onInfo: () => undefined });
  const now = new Date();
  // The key first, as a shop makes it on its first start: a database with licences and no key refuses to start.
  await loadLicenseSigner(undefined, store.dataDir, db.shared ? db : undefined);
  await importLicenses(db, boundBenchLicenses(counts.licences, now), now.toISOString());
  for (let index = 0; index < counts.prompts; index++) {
    const word = (offset: number): string => WORDS[(index + offset) % WORDS.length]!;
    const text = `Prompt ${index} untuk live ${word(0)} dengan suasana ${word(3)} dan musik ${word(5)}. `.repeat(5);
    await createPrompt(
      db,
      {
        title: `Live ${word(0)} ${word(1)} #${index}`,
        description: text.slice(0, 160),
        prompt_template: text,
        prompt_music: `${word(2)} ${word(4)} 80 bpm`,
        image_path: null,
      },
      new Date(now.getTime() - index * 1000).toISOString(),
    );
  }
  await db.close();
  console.log(
    `seeded ${counts.licences.toLocaleString('en')} licences and ${counts.prompts.toLocaleString('en')} prompts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
