import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, call, startServer } from '../harness';

const login = (base: string, password: string) =>
  call(base, 'POST', '/api/admin/login', { body: { username: ADMIN.username, password } });

test('from the 3rd failure on, the 401 says how many tries are left before the lock', async () => {
  const server = await startServer();
  try {
    const errors: string[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await login(server.url, `wrong-${attempt}`);
      assert.is(answer.status, 401);
      errors.push(String(answer.json.error));
    }
    assert.equal(errors, [
      'Invalid username or password',
      'Invalid username or password',
      'Invalid username or password. 2 tries left before sign-in is locked for up to 15 minutes.',
      'Invalid username or password. 1 try left before sign-in is locked for up to 15 minutes.',
      'Invalid username or password. No tries left: sign-in is locked for up to 15 minutes.',
    ]);
    const locked = await login(server.url, ADMIN.password);
    assert.is(locked.status, 429);
    assert.match(String(locked.json.error), 'Too many failed logins');
  } finally {
    await server.close();
  }
});

test('a small LOGIN_MAX_FAILURES warns from the start: at most 2 tries left is always said', async () => {
  const server = await startServer({ LOGIN_MAX_FAILURES: '2' });
  try {
    assert.is(
      (await login(server.url, 'wrong')).json.error,
      'Invalid username or password. 1 try left before sign-in is locked for up to 15 minutes.',
    );
    assert.is(
      (await login(server.url, 'wrong')).json.error,
      'Invalid username or password. No tries left: sign-in is locked for up to 15 minutes.',
    );
  } finally {
    await server.close();
  }
});

test('an IPv6 /64 is one client: rotating addresses inside it does not reset the per-IP lock', async () => {
  const server = await startServer({ TRUST_PROXY: '1', LOGIN_MAX_FAILURES: '3' });
  try {
    const from = (host: number, password: string) =>
      call(server.url, 'POST', '/api/admin/login', {
        body: { username: ADMIN.username, password },
        headers: { 'x-forwarded-for': `2001:db8:1:2::${host.toString(16)}` },
      });
    for (let host = 1; host <= 3; host++) assert.is((await from(host, `wrong-${host}`)).status, 401);
    assert.is((await from(4, ADMIN.password)).status, 429);
    const otherNetwork = await call(server.url, 'POST', '/api/admin/login', {
      body: { username: ADMIN.username, password: 'wrong' },
      headers: { 'x-forwarded-for': '2001:db8:1:3::1' },
    });
    assert.is(otherNetwork.status, 401);
  } finally {
    await server.close();
  }
});

test.run();
