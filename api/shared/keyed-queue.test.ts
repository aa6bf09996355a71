import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { KeyedQueue } from './keyed-queue';

const tick = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

test('KeyedQueue: one task at a time per key, in order; other keys in parallel; failures do not block', async () => {
  const queue = new KeyedQueue();
  const events: string[] = [];
  const task =
    (name: string, ms: number, fail = false) =>
    async (): Promise<string> => {
      events.push(`start ${name}`);
      await tick(ms);
      events.push(`end ${name}`);
      if (fail) throw new Error(name);
      return name;
    };
  const results = await Promise.allSettled([
    queue.run('a', task('a1', 20, true)),
    queue.run('a', task('a2', 5)),
    queue.run('b', task('b1', 5)),
  ]);
  assert.equal(
    results.map((result) => result.status),
    ['rejected', 'fulfilled', 'fulfilled'],
  );
  assert.ok(events.indexOf('end a1') < events.indexOf('start a2'), events.join(', '));
  assert.ok(events.indexOf('start b1') < events.indexOf('end a1'), 'b does not wait for a');
  assert.is(queue.size, 0, 'nothing kept once idle');
});

test.run();
