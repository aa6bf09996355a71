import '../../test/happy-dom';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from '../../test/render';
import { StatCards } from './components/stat-cards';

const ADMIN_DIR = 'web/admin';
/** A failure text as the owner reads it: "Failed to …", "Error saving …: ", "Could not …", "… could not be …". */
const FAILURE_TEXT =
  /'((?:Failed to |Error [a-z]+ing |[^'\n]*\b[Cc]ould not )[^'\n]*)'|`((?:Failed to |Error [a-z]+ing |[^`\n]*\b[Cc]ould not )[^`\n]*)`/g;

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    }),
  );
  return nested.flat();
}

test('MESSAGES: every admin failure text lives in messages.ts, none inline', async () => {
  const inline: string[] = [];
  for (const path of await sourceFiles(ADMIN_DIR)) {
    if (path.endsWith('messages.ts')) continue;
    const code = (await readFile(path, 'utf8')).replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, '');
    for (const match of code.matchAll(FAILURE_TEXT)) inline.push(`${path}: ${match[1] ?? match[2]}`);
  }
  assert.equal(inline, []);
});

test('StatCards: every card label in Title Case, the order cards as the licence cards', () => {
  const { container, unmount } = render(<StatCards />);
  const labels = [...container.querySelectorAll('.stat-label')].map((label) => label.textContent);
  assert.equal(labels, [
    'Total Licenses',
    'Active Licenses',
    'Expired Licenses',
    'Activated Devices',
    'Active Paid',
    'Active Trials',
    'Orders Today',
    'Needs Attention',
  ]);
  unmount();
});

test.run();
