import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, loggablePath } from './logger';

/** What the logger writes through console.log / console.warn, as the terminal or journal would get it. */
function written(write: (log: ReturnType<typeof createLogger>) => void): string {
  const lines: string[] = [];
  const saved = { log: console.log, warn: console.warn, error: console.error };
  const keep = (...parts: unknown[]): void => {
    lines.push(parts.map((part) => (typeof part === 'string' ? part : String(part))).join(' '));
  };
  console.log = console.warn = console.error = keep;
  try {
    write(createLogger('debug'));
  } finally {
    Object.assign(console, saved);
  }
  return lines.join('\n');
}

test('loggablePath: masks LoopBOT and LoopStream keys, keeps the rest', () => {
  assert.is(loggablePath('/api/license/download/3f2b8c1e-9a7d-4e21-b6c4-0d5e8f9a1b2c'), '/api/license/download/3f2b…');
  assert.is(loggablePath('/api/license/download/7KQ2M-X9D4R-AB3CD-EF5GH'), '/api/license/download/7KQ2…');
  assert.is(loggablePath('/api/license/extend/12'), '/api/license/extend/12');
  assert.is(loggablePath('/loopbot'), '/loopbot');
});

test('loggablePath: long paths are cut', () => {
  assert.is(loggablePath('/' + 'x'.repeat(500)).length, 200);
});

test('createLogger: control characters from a request are escaped, so a line cannot be forged or hide', () => {
  const forged = 'bad\u0000key\r\n2025-01-01 admin logged in\u001b[2J\u0007\u007f\u0085\u2028end';
  const out = written((log) => {
    log.info(`licence validate: unknown key ${forged}`);
    log.warn(`refused: ${forged}`, new Error(`cause ${forged}`));
    log.error(forged, forged);
  });
  assert.not.ok(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/.test(out), JSON.stringify(out));
  assert.ok(
    out.includes(
      'licence validate: unknown key bad\\x00key\\r\\n2025-01-01 admin logged in\\x1b[2J\\x07\\x7f\\x85\\u2028end',
    ),
    out,
  );
  // A line of its own only where the logger breaks it (an error's stack), and never at the left margin.
  for (const line of out.split('\n')) {
    assert.ok(/^(licence validate|refused|bad|\s)/.test(line), `a forged line: ${JSON.stringify(line)}`);
  }
  assert.ok(out.includes('cause bad\\x00key'), 'the error is written too');
});

test('createLogger: plain text, tabs and non-Latin letters stay as they are', () => {
  assert.is(
    written((log) => log.info('Pesanan diterima\tRp 150.000 – ✓ 日本')),
    'Pesanan diterima\tRp 150.000 – ✓ 日本',
  );
});

test.run();
