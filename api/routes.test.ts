import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pathOf } from '../contract/calls/call';
import { CALLS } from '../contract/calls/calls';
import { Router } from './http/router';
import { createRoutes, HANDLERS } from './routes';

const routes = createRoutes();

test('createRoutes: one route per call, in the order of CALLS, with the handler of its id', () => {
  assert.equal(
    routes.map(([method, pattern]) => `${method} ${pattern}`),
    CALLS.map((call) => `${call.method} ${call.path}`),
  );
  assert.equal(
    Object.keys(HANDLERS),
    CALLS.map((call) => call.id),
    'the map reads in the order of the calls',
  );
});

test('createRoutes: a guard wraps exactly the admin and buyer calls', () => {
  for (const [index, call] of CALLS.entries()) {
    const handler = routes[index]![2];
    const bare = HANDLERS[call.id] as unknown;
    assert.is(handler !== bare, call.auth === 'admin' || call.auth === 'buyer', `${call.id} (${call.auth})`);
  }
});

test('Router: each call’s own path reaches its own route (no call shadows another)', () => {
  const router = new Router(routes);
  for (const [index, call] of CALLS.entries()) {
    const path = pathOf(call.path, { id: 7, license_key: '00000000-0000-4000-8000-000000000000', filename: 'a.webp' });
    const match = router.find(call.method, path);
    assert.is(match.kind, 'found', call.id);
    if (match.kind === 'found')
      assert.ok(match.handler === routes[index]![2], `${call.method} ${path} reached another call than ${call.id}`);
  }
});

test.run();
