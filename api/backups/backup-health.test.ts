import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BackupRow } from '../../data/backups';
import { backupHealth } from './backup-health';

const NOW = new Date('2026-11-27T12:00:00.000Z');

const row = (file: string, hoursAgo: number, status: BackupRow['status'], error: string | null = null): BackupRow => ({
  id: 1,
  file,
  started_at: new Date(NOW.getTime() - hoursAgo * 3600_000).toISOString(),
  status,
  bytes: 1,
  sha256: null,
  counts: '{}',
  checked_at: NOW.toISOString(),
  proved_at: status === 'proved' ? NOW.toISOString() : null,
  error,
});

const CASES: Array<[string, BackupRow[], boolean, string | null]> = [
  ['no backup yet', [], false, null],
  ['a fresh proved backup', [row('b', 1, 'proved')], false, null],
  ['proved 47 h ago, interval 24 h', [row('b', 47, 'proved')], false, null],
  ['proved 49 h ago, interval 24 h: stale', [row('b', 49, 'proved')], true, 'older than twice the interval'],
  [
    'the last one failed',
    [row('c', 0, 'failed', 'disk full'), row('b', 24, 'proved')],
    true,
    'The last backup (c) failed: disk full',
  ],
  ['a failure, then a proved one', [row('c', 0, 'proved'), row('b', 24, 'failed', 'x')], false, null],
  ['only failures', [row('c', 0, 'failed', 'x')], true, 'failed'],
];

for (const [name, rows, attention, reason] of CASES) {
  test(`backupHealth: ${name}`, () => {
    const health = backupHealth(rows, 24, NOW);
    assert.is(health.needsAttention, attention);
    if (reason) assert.match(health.reason ?? '', reason);
    else assert.is(health.reason, null);
  });
}

test.run();
