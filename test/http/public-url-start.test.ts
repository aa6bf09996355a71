/**
 * PUBLIC_URL as the built server reads it at start: in production an unset one is warned about (every link would
 * name localhost), a bad one stops the start with the configuration error, a good one is what the pages name; an
 * https one without TRUST_PROXY is warned about (every client would count as the proxy's address).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeDataDir } from '../harness';
import { rm } from 'node:fs/promises';
import { startChildServer, stopChildServer } from '../child-server';

const WARNING = 'PUBLIC_URL is not set: page addresses, links in e-mails and passkeys use http://localhost';

test('production without PUBLIC_URL: started, with a warning; with it: no warning, pages at its address', async () => {
  const dataDir = await makeDataDir();
  try {
    const bare = await startChildServer(dataDir, { NODE_ENV: 'production' });
    await stopChildServer(bare, 'SIGTERM');
    assert.ok(bare.output().includes(WARNING), bare.output());
    const set = await startChildServer(dataDir, { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.id' });
    try {
      assert.not.ok(set.output().includes('PUBLIC_URL is not set'), set.output());
      assert.ok(set.output().includes('TRUST_PROXY is not set although PUBLIC_URL is https'), set.output());
      const html = await (await fetch(`${set.url}/loopstream`)).text();
      assert.ok(html.includes('<link rel="canonical" href="https://shop.example.id/loopstream">'));
    } finally {
      await stopChildServer(set, 'SIGTERM');
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('a PUBLIC_URL with a path stops the start with the configuration error', async () => {
  const dataDir = await makeDataDir();
  try {
    await startChildServer(dataDir, { PUBLIC_URL: 'https://shop.example.id/toko' }).then(
      () => assert.unreachable('started'),
      (error: Error) => {
        assert.match(error.message, 'server exited (1) before listening');
        assert.match(error.message, "PUBLIC_URL must be the shop's address as buyers open it");
      },
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test.run();
