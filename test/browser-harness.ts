import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

/** Debian's Chromium (or CHROME_PATH); never a downloaded browser. */
export function chromePath(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path!));
}

/** The flags keep Chromium off the closed network (see shared/NOTES.md). */
export const CHROME_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromePath();
  if (!executablePath) throw new Error('Chromium not found: install Debian chromium or set CHROME_PATH');
  return chromium.launch({ executablePath, args: CHROME_ARGS, headless: true });
}
