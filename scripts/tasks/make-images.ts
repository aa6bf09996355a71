/**
 * Draws the site's placeholder images (favicon set, AdSense screenshot, video posters, Open Graph
 * image) into web/public. Run with `npx tsx scripts/tasks/make-images.ts`; the outputs are committed so
 * the build never needs this script. Replace any of them with real images of the same size.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Jimp, loadFont } from 'jimp';
import { SANS_16_BLACK, SANS_32_BLACK, SANS_32_WHITE, SANS_64_BLACK, SANS_64_WHITE, SANS_16_WHITE } from 'jimp/fonts';
import encodeWebp, { init as initWebp } from '@jsquash/webp/encode';
import { gradientFill, loopArc, mix, paint, roundRect, text, triangle } from './image-drawing';
import type { Font, Image, Rgb } from './image-drawing';

const OUT = 'web/public';
const INDIGO: Rgb = [79, 70, 229];
const DARK: Rgb = [30, 27, 75];
const VIOLET: Rgb = [76, 29, 149];

function drawLogo(image: Image, x: number, y: number, size: number): void {
  const s = size / 32;
  paint(image, INDIGO, roundRect(x, y, size, size, 9 * s));
  paint(image, [255, 255, 255], loopArc(x + 16 * s, y + 16 * s, 9 * s, 2.6 * s));
  paint(
    image,
    [255, 255, 255],
    triangle(x + 13.5 * s, y + 11.5 * s, x + 13.5 * s, y + 20.5 * s, x + 20.5 * s, y + 16 * s),
  );
}

/** The see-through white loop behind a poster's or the Open Graph image's title. */
function faintLoop(image: Image, inside: (x: number, y: number) => boolean, opacity: number): void {
  paint(image, [255, 255, 255], inside, undefined, opacity);
}

/** Writes the WEBP and a 640 px wide copy (`name-640.webp`) for small screens. */
async function saveWebp(image: Image, file: string, quality = 80): Promise<void> {
  await writeWebp(image, file, quality);
  const small = image.clone();
  small.resize({ w: 640 });
  await writeWebp(small, file.replace(/\.webp$/, '-640.webp'), quality);
}

async function writeWebp(image: Image, file: string, quality: number): Promise<void> {
  const { data, width, height } = image.bitmap;
  const pixels = {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width,
    height,
    colorSpace: 'srgb',
  } as ImageData;
  const webp = await encodeWebp(pixels, { quality });
  await writeFile(join(OUT, file), Buffer.from(webp));
}

async function savePng(image: Image, file: string): Promise<void> {
  await writeFile(join(OUT, file), await image.getBuffer('image/png'));
}

async function icons(): Promise<void> {
  for (const [size, file] of [
    [32, 'favicon-32.png'],
    [180, 'apple-touch-icon.png'],
    [192, 'icon-192.png'],
    [512, 'icon-512.png'],
  ] as const) {
    const image = new Jimp({ width: size, height: size, color: 0x00000000 });
    drawLogo(image, 0, 0, size);
    await savePng(image, file);
  }
}

async function earnings(fonts: Record<string, Font>): Promise<void> {
  const image = new Jimp({ width: 1280, height: 800, color: 0xf8fafcff });
  paint(image, [255, 255, 255], () => true, { x: 0, y: 0, w: 1280, h: 72 });
  paint(image, [226, 232, 240], () => true, { x: 0, y: 72, w: 1280, h: 2 });
  drawLogo(image, 32, 18, 36);
  await text(image, fonts.black32!, 'AdSense', 84, 16, [15, 23, 42]);
  await text(image, fonts.black16!, 'CONTOH TAMPILAN - ganti dengan screenshot Anda', 860, 28, [100, 116, 139]);
  await text(image, fonts.black32!, 'Estimasi penghasilan', 48, 110, [51, 65, 85]);
  await text(image, fonts.black64!, 'Rp 187.450.000', 48, 160, [15, 23, 42]);
  await text(image, fonts.black16!, 'Bulan ini  -  naik 38% dari bulan lalu', 52, 250, [4, 120, 87]);
  const cards: Array<[string, string]> = [
    ['Hari ini', 'Rp 6.215.000'],
    ['Kemarin', 'Rp 6.870.000'],
    ['7 hari terakhir', 'Rp 44.930.000'],
    ['Channel aktif', '15'],
  ];
  for (const [index, [label, value]] of cards.entries()) {
    const x = 48 + index * 302;
    paint(image, [226, 232, 240], roundRect(x - 1, 299, 282, 122, 14));
    paint(image, [255, 255, 255], roundRect(x, 300, 280, 120, 14));
    await text(image, fonts.black16!, label, x + 24, 324, [100, 116, 139]);
    await text(image, fonts.black32!, value, x + 24, 356, [15, 23, 42]);
  }
  paint(image, [226, 232, 240], roundRect(47, 451, 1186, 312, 16));
  paint(image, [255, 255, 255], roundRect(48, 452, 1184, 310, 16));
  await text(image, fonts.black16!, 'Penghasilan harian, 30 hari terakhir', 72, 472, [51, 65, 85]);
  for (let day = 0; day < 30; day++) {
    const value = 0.35 + 0.5 * (day / 29) + 0.12 * Math.sin(day * 1.7);
    const h = Math.round(value * 210);
    const x = 76 + day * 38.5;
    paint(image, mix([165, 180, 252], INDIGO, day / 29), roundRect(x, 740 - h, 26, h, 6));
  }
  await savePng(image, 'images/adsense-earnings.png');
  await saveWebp(image, 'images/adsense-earnings.webp', 82);
}

async function poster(
  fonts: Record<string, Font>,
  file: string,
  title: string,
  subtitle: string,
  tint: Rgb,
): Promise<void> {
  const image = new Jimp({ width: 1280, height: 720, color: 0x000000ff });
  gradientFill(image, DARK, tint);
  faintLoop(image, loopArc(1020, 560, 260, 60), 0.07);
  faintLoop(image, loopArc(220, 120, 180, 40), 0.05);
  drawLogo(image, 80, 80, 64);
  await text(image, fonts.white64!, title, 80, 520);
  await text(image, fonts.white32!, subtitle, 84, 610, [199, 210, 254]);
  await saveWebp(image, `images/${file}`, 72);
}

async function ogImage(fonts: Record<string, Font>): Promise<void> {
  const image = new Jimp({ width: 1200, height: 630, color: 0x000000ff });
  gradientFill(image, DARK, VIOLET);
  faintLoop(image, loopArc(980, 470, 240, 56), 0.07);
  drawLogo(image, 80, 90, 96);
  await text(image, fonts.white64!, 'LoopBOT & LoopStream', 80, 250);
  await text(image, fonts.white32!, 'Otomatisasi live streaming YouTube 24/7', 84, 350, [199, 210, 254]);
  await text(image, fonts.white16!, 'Jadwal otomatis  -  Streaming cloud  -  Support 24/7', 86, 420, [165, 180, 252]);
  await savePng(image, 'images/og-image.png');
}

const require = createRequire(import.meta.url);
const wasmFile = join(dirname(require.resolve('@jsquash/webp/encode')), 'codec/enc/webp_enc_simd.wasm');
await initWebp(await WebAssembly.compile(await readFile(wasmFile)));
const fonts = {
  black16: await loadFont(SANS_16_BLACK),
  black32: await loadFont(SANS_32_BLACK),
  black64: await loadFont(SANS_64_BLACK),
  white16: await loadFont(SANS_16_WHITE),
  white32: await loadFont(SANS_32_WHITE),
  white64: await loadFont(SANS_64_WHITE),
};
await icons();
await earnings(fonts);
await poster(fonts, 'poster-loopbot.webp', 'Demo LoopBOT', 'Jadwal dan live YouTube otomatis', INDIGO);
await poster(fonts, 'poster-loopstream.webp', 'Demo LoopStream', 'Streaming cloud 24/7 tanpa PC', VIOLET);
await poster(fonts, 'poster-tutorial-setup.webp', 'Instalasi & Setup', 'Tutorial LoopBOT untuk pemula', INDIGO);
await poster(
  fonts,
  'poster-tutorial-secret.webp',
  'Client Secret JSON',
  'Langkah demi langkah di Google Cloud',
  VIOLET,
);
await ogImage(fonts);
console.log('images written to web/public');
