import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loggablePath } from './logger';

test('loggablePath: masks LoopBOT and LoopStream keys, keeps the rest', () => {
  assert.is(loggablePath('/api/license/download/3f2b8c1e-9a7d-4e21-b6c4-0d5e8f9a1b2c'), '/api/license/download/3f2b…');
  assert.is(loggablePath('/api/license/download/7KQ2M-X9D4R-AB3CD-EF5GH'), '/api/license/download/7KQ2…');
  assert.is(loggablePath('/api/license/extend/12'), '/api/license/extend/12');
  assert.is(loggablePath('/loopbot'), '/loopbot');
});

test('loggablePath: long paths are cut', () => {
  assert.is(loggablePath('/' + 'x'.repeat(500)).length, 200);
});

test.run();
