/** The feature rooms' boundaries: which room may import which, read from the source files. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const API = dirname(fileURLToPath(import.meta.url));

/** Every relative import of the files in `room`, as a path inside api/ (`webhooks/lynk-payload`). */
function importsOf(room: string): Array<{ file: string; target: string }> {
  const found: Array<{ file: string; target: string }> = [];
  for (const name of readdirSync(join(API, room))) {
    if (!name.endsWith('.ts')) continue;
    const text = readFileSync(join(API, room, name), 'utf8');
    for (const match of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      found.push({
        file: `${room}/${name}`,
        target: relative(API, join(API, room, match[1]!))
          .split('\\')
          .join('/'),
      });
    }
  }
  return found;
}

const FORBIDDEN: Array<[room: string, never: string, why: string]> = [
  ['orders', 'webhooks/', 'orders take their own PaidOrder; webhooks map a marketplace payload to it'],
  ['storefront', 'prompts/', 'the storefront shares the image room, not the prompts'],
  ['prompts', 'storefront/', 'prompts and storefront are separate rooms'],
];

test('rooms: a room never imports from the rooms it must not know', () => {
  for (const [room, never, why] of FORBIDDEN) {
    const wrong = importsOf(room).filter((item) => item.target.startsWith(never));
    assert.equal(wrong, [], `${room} → ${never}: ${why}`);
  }
});

/** What other rooms may use of api/images/: its surface, never the codecs inside. */
const IMAGE_SURFACE = ['images/images', 'images/image-services', 'images/image-upload'];

test('rooms: the image room is used through its surface only', () => {
  const rooms = readdirSync(API, { withFileTypes: true }).filter(
    (entry) => entry.isDirectory() && entry.name !== 'images',
  );
  for (const room of rooms) {
    const inside = importsOf(room.name).filter(
      (item) => item.target.startsWith('images/') && !IMAGE_SURFACE.includes(item.target),
    );
    assert.equal(inside, [], room.name);
  }
});

test.run();
