/**
 * `npm run seed:demo`: fills DATA_DIR (default ./var) with ~30 demo prompts (Indonesian texts for
 * YouTube live-stream content), some with cover images drawn here in code and stored through the
 * same pipeline as uploads (1280×720 WEBP in uploads/). Prompts whose title already exists are
 * skipped, so running it again adds nothing. Stop the server first: it owns the data directory.
 */
import { createJimp } from '@jimp/core';
import { defaultFormats, defaultPlugins } from 'jimp';
import { ImagePipeline } from '../../api/images/images';
import { loadConfig } from '../../api/config';
import { openStore } from '../../data/open-store';
import type { Store } from '../../data/store';
import { DataDirLockedError } from '../../data/data-dir-locked-error';
import { createPrompt, findPromptByTitle } from '../../data/prompts';
import { FIRST_DEMO_PROMPTS } from './seed-demo-content';
import { MORE_DEMO_PROMPTS } from './seed-demo-content-more';
import type { DemoArt } from './seed-demo-content';

/** In seeding order: the first one heads the list. */
const DEMO_PROMPTS = [...FIRST_DEMO_PROMPTS, ...MORE_DEMO_PROMPTS];

const WIDTH = 1280;
const HEIGHT = 720;
const Jimp = createJimp({ formats: defaultFormats, plugins: defaultPlugins });

const channel = (color: number, shift: number): number => (color >>> shift) & 0xff;
const mix = (a: number, b: number, t: number): number => Math.round(a + (b - a) * t);

/** How bright the motif makes a pixel (0 = background only, 1 = white). */
function motif(kind: DemoArt['motif'], x: number, y: number): number {
  switch (kind) {
    case 'rain': {
      // Slanted streaks of varying length.
      const lane = Math.floor((x + y * 0.25) / 18);
      const phase = (lane * 97) % 160;
      const along = (y + phase) % 160;
      return (x + y * 0.25) % 18 < 2 && along < 60 ? 0.35 : 0;
    }
    case 'waves': {
      const wave = Math.sin(x / 90 + Math.floor(y / 70)) * 14;
      return (y + wave) % 70 < 6 && y > HEIGHT * 0.45 ? 0.4 : 0;
    }
    case 'bars': {
      // An equaliser along the bottom.
      const bar = Math.floor(x / 40);
      const height = 120 + ((bar * 53) % 7) * 45;
      return x % 40 < 28 && y > HEIGHT - 40 - height && y < HEIGHT - 40 ? 0.45 : 0;
    }
    case 'circles': {
      const distance = Math.hypot(x - WIDTH * 0.7, y - HEIGHT * 0.4);
      if (distance < 120) return 0.55;
      return distance % 60 < 4 && distance < 420 ? 0.25 : 0;
    }
    case 'stars': {
      const hash = (Math.imul(x, 73856093) ^ Math.imul(y, 19349663)) >>> 0;
      return hash % 350 === 0 ? 0.9 : 0;
    }
    case 'grid': {
      // A horizon with a floor grid under it.
      if (y < HEIGHT * 0.55) return 0;
      const depth = (y - HEIGHT * 0.55) / (HEIGHT * 0.45);
      const spread = (x - WIDTH / 2) / (0.2 + depth);
      return Math.abs(spread % 160) < 3 || (depth * 40) % 4 < 0.25 ? 0.4 : 0;
    }
  }
}

/** A PNG of a diagonal gradient with the motif on top. */
async function drawCover(art: DemoArt): Promise<Buffer> {
  const image = new Jimp({ width: WIDTH, height: HEIGHT, color: art.from });
  const data = image.bitmap.data;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const t = (x / WIDTH + y / HEIGHT) / 2;
      const light = motif(art.motif, x, y);
      const at = (y * WIDTH + x) * 4;
      for (const [offset, shift] of [
        [0, 24],
        [1, 16],
        [2, 8],
      ] as const) {
        const base = mix(channel(art.from, shift), channel(art.to, shift), t);
        data[at + offset] = mix(base, 255, light);
      }
      data[at + 3] = 255;
    }
  }
  return image.getBuffer('image/png', { deflateLevel: 1 });
}

async function main(): Promise<void> {
  const { dataDir } = loadConfig(process.env);
  let db: Store;
  try {
    db = await openStore({
      databaseUrl: process.env.DATABASE_URL || undefined,
      dataDir,
      onError: console.error,
      onInfo: () => undefined,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const images = await ImagePipeline.open(dataDir, db.blobs);
  let added = 0;
  let skipped = 0;
  try {
    const now = Date.now();
    // Oldest first, so the first demo prompt is the newest and heads the list.
    for (let index = DEMO_PROMPTS.length - 1; index >= 0; index--) {
      const demo = DEMO_PROMPTS[index]!;
      if (await findPromptByTitle(db, demo.title)) {
        skipped++;
        continue;
      }
      const stored = demo.art ? await images.storeCover(await drawCover(demo.art)) : undefined;
      try {
        const createdAt = new Date(now - index * 60_000).toISOString();
        const { art: _art, ...fields } = demo;
        await createPrompt(db, { ...fields, image_path: stored?.path ?? null }, createdAt);
      } catch (error) {
        await images.remove(stored?.path);
        throw error;
      }
      added++;
      process.stdout.write(`  + ${demo.title}${stored ? ` (${Math.round(stored.size / 1024)} KB image)` : ''}\n`);
    }
  } finally {
    await images.close();
    await db.close();
  }
  console.log(`Demo prompts in ${dataDir}: ${added} added, ${skipped} already there.`);
}

await main();
