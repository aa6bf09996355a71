import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, call, loginCookie, startServer } from '../harness';

const HOUR = 3600 * 1000;
const UNAUTHORIZED = { success: false, error: 'Unauthorized' };
const login = (url: string, body: unknown, headers: Record<string, string> = {}): ReturnType<typeof call> =>
  call(url, 'POST', '/api/admin/login', { body, headers });
const loggedIn = async (url: string, cookie: string): Promise<unknown> =>
  (await call(url, 'GET', '/api/admin/check', { cookie })).json.logged_in;

test('a protected call without a session: 401 Unauthorized', async () => {
  const server = await startServer();
  try {
    const answer = await call(server.url, 'GET', '/api/license/list');
    assert.is(answer.status, 401);
    assert.equal(answer.json, UNAUTHORIZED);
  } finally {
    await server.close();
  }
});

test('login, check, logout; the token is stored hashed and logout deletes it server-side', async () => {
  const server = await startServer();
  try {
    assert.equal((await call(server.url, 'GET', '/api/admin/check')).json, { success: true, logged_in: false });
    const answer = await login(server.url, ADMIN);
    assert.is(answer.status, 200);
    assert.equal(answer.json, { success: true });
    const cookie = answer.headers.get('set-cookie')!.split(';')[0]!;
    const token = cookie.split('=')[1]!;
    assert.match(token, /^[A-Za-z0-9_-]{43}$/, '256 random bits');
    assert.is(await loggedIn(server.url, cookie), true);
    assert.is.not((await call(server.url, 'GET', '/api/license/list', { cookie })).status, 401);
    const stored = await server.app.ctx.db.all<{ token_hash: string }>('SELECT token_hash FROM sessions');
    assert.is(stored.length, 1);
    assert.is.not(stored[0]!.token_hash, token);
    const out = await call(server.url, 'POST', '/api/admin/logout', { cookie });
    assert.equal(out.json, { success: true });
    assert.match(out.headers.get('set-cookie') ?? '', /loop_session=;.*Max-Age=0/);
    assert.is(await loggedIn(server.url, cookie), false);
    assert.is((await server.app.ctx.db.get<{ n: number }>('SELECT count(*) AS n FROM sessions'))?.n, 0);
  } finally {
    await server.close();
  }
});

test('missing or non-text username/password: 400 with a clear error', async () => {
  const server = await startServer();
  try {
    for (const body of [
      {},
      { username: 'admin' },
      { password: 'x' },
      { username: '', password: 'x' },
      { username: 'admin', password: 5 },
    ]) {
      const answer = await login(server.url, body);
      assert.is(answer.status, 400, JSON.stringify(body));
      assert.equal(answer.json, { success: false, error: 'Username and password are required' });
    }
  } finally {
    await server.close();
  }
});

test('wrong user and wrong password give the same answer', async () => {
  const server = await startServer();
  try {
    const wrongUser = await login(server.url, { username: 'nobody', password: ADMIN.password });
    const wrongPassword = await login(server.url, { username: ADMIN.username, password: 'not-the-password' });
    assert.is(wrongUser.status, 401);
    assert.is(wrongPassword.status, 401);
    assert.equal(wrongUser.json, wrongPassword.json);
    assert.equal(wrongUser.json, { success: false, error: 'Invalid username or password' });
    assert.is(wrongUser.headers.get('set-cookie'), null);
  } finally {
    await server.close();
  }
});

test('throttling: after LOGIN_MAX_FAILURES failures, 429 with Retry-After, even for the right password', async () => {
  const server = await startServer({ LOGIN_MAX_FAILURES: '3' });
  try {
    // Parallel guesses must not slip past the limit while their password checks run.
    const guesses = await Promise.all(
      Array.from({ length: 6 }, (_, index) => login(server.url, { ...ADMIN, password: `wrong-${index}` })),
    );
    assert.equal(guesses.map((answer) => answer.status).sort(), [401, 401, 401, 429, 429, 429]);
    const blocked = await login(server.url, ADMIN);
    assert.is(blocked.status, 429);
    assert.is(blocked.json.success, false);
    assert.match(String(blocked.json.error), 'Too many failed logins');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`);
    // Without TRUST_PROXY a forged X-Forwarded-For changes nothing.
    assert.is((await login(server.url, ADMIN, { 'x-forwarded-for': '203.0.113.9' })).status, 429);
  } finally {
    await server.close();
  }
});

test('throttling: the window passes, and a success resets the count', async () => {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const server = await startServer({ LOGIN_MAX_FAILURES: '2' }, { now: () => new Date(now) });
  try {
    await login(server.url, { ...ADMIN, password: 'wrong-1' });
    assert.is((await login(server.url, ADMIN)).status, 200, 'one failure, then success');
    await login(server.url, { ...ADMIN, password: 'wrong-2' });
    await login(server.url, { ...ADMIN, password: 'wrong-3' });
    assert.is((await login(server.url, ADMIN)).status, 429);
    now += 15 * 60 * 1000 + 1000;
    assert.is((await login(server.url, ADMIN)).status, 200);
  } finally {
    await server.close();
  }
});

test('X-Forwarded-For is the client address only with TRUST_PROXY=1 (the hop the proxy appended)', async () => {
  const server = await startServer({ LOGIN_MAX_FAILURES: '2', TRUST_PROXY: '1' });
  try {
    const from = (ip: string): Record<string, string> => ({ 'x-forwarded-for': `198.51.100.1, ${ip}` });
    await login(server.url, { ...ADMIN, password: 'wrong' }, from('203.0.113.1'));
    await login(server.url, { ...ADMIN, password: 'wrong' }, from('203.0.113.1'));
    assert.is((await login(server.url, ADMIN, from('203.0.113.1'))).status, 429);
    assert.is((await login(server.url, ADMIN, from('203.0.113.2'))).status, 200, 'another client is not blocked');
    // The client-supplied first entry changes nothing.
    assert.is((await login(server.url, ADMIN, { 'x-forwarded-for': '192.0.2.77, 203.0.113.1' })).status, 429);
  } finally {
    await server.close();
  }
});

test('cookie flags: HttpOnly, SameSite=Strict, Path=/; Secure only over https', async () => {
  const server = await startServer({ TRUST_PROXY: '1' });
  try {
    const plain = (await login(server.url, ADMIN)).headers.get('set-cookie') ?? '';
    const secure = (await login(server.url, ADMIN, { 'x-forwarded-proto': 'https' })).headers.get('set-cookie') ?? '';
    for (const cookie of [plain, secure]) {
      const flags = cookie.split(';').map((part) => part.trim());
      assert.ok(flags.includes('HttpOnly'), cookie);
      assert.ok(flags.includes('SameSite=Strict'), cookie);
      assert.ok(flags.includes('Path=/'), cookie);
    }
    assert.not.ok(plain.includes('Secure'), plain);
    assert.ok(
      secure
        .split(';')
        .map((part) => part.trim())
        .includes('Secure'),
      secure,
    );
  } finally {
    await server.close();
  }
});

test('the session survives a restart of the app on the same data directory', async () => {
  const first = await startServer();
  const cookie = await loginCookie(first.url);
  await first.close({ remove: false });
  const second = await startServer({}, { dataDir: first.dataDir });
  try {
    assert.is(await loggedIn(second.url, cookie), true);
  } finally {
    await second.close();
  }
});

test('sessions end after the idle time and after the absolute lifetime', async () => {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const server = await startServer({ SESSION_IDLE_HOURS: '1', SESSION_MAX_DAYS: '1' }, { now: () => new Date(now) });
  try {
    const idle = await loginCookie(server.url);
    now += 59 * 60 * 1000;
    assert.is(await loggedIn(server.url, idle), true, 'used within the idle time');
    now += 59 * 60 * 1000;
    assert.is(await loggedIn(server.url, idle), true, 'the use above renewed it');
    now += 61 * 60 * 1000;
    assert.is(await loggedIn(server.url, idle), false, 'idle too long');
    const loginAt = now;
    const busy = await loginCookie(server.url);
    while (now < loginAt + 23 * HOUR) {
      now += 50 * 60 * 1000;
      assert.is(await loggedIn(server.url, busy), true);
    }
    now = loginAt + 24 * HOUR + 60 * 1000;
    assert.is(await loggedIn(server.url, busy), false, 'past the absolute lifetime, though used recently');
  } finally {
    await server.close();
  }
});

test('session fixation: a cookie set before login never becomes a session', async () => {
  const server = await startServer();
  try {
    const planted = `loop_session=${'P'.repeat(43)}`;
    const answer = await call(server.url, 'POST', '/api/admin/login', { body: ADMIN, cookie: planted });
    const issued = answer.headers.get('set-cookie')!.split(';')[0]!;
    assert.is.not(issued, planted);
    assert.is(await loggedIn(server.url, planted), false);
    assert.is(await loggedIn(server.url, issued), true);
    // Logging in again with a live session replaces it: the old token stops working.
    const renewed = await call(server.url, 'POST', '/api/admin/login', { body: ADMIN, cookie: issued });
    const next = renewed.headers.get('set-cookie')!.split(';')[0]!;
    assert.is(await loggedIn(server.url, issued), false);
    assert.is(await loggedIn(server.url, next), true);
  } finally {
    await server.close();
  }
});

test('mutating admin calls refuse a cross-site Origin; same-origin passes the guard', async () => {
  const server = await startServer();
  try {
    const cookie = await loginCookie(server.url);
    const host = new URL(server.url).host;
    const crossSite: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: `http://${host}.evil.example` },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const answer = await call(server.url, 'POST', '/api/config/set', { cookie, headers, body: {} });
      assert.is(answer.status, 403, JSON.stringify(headers));
      assert.equal(answer.json, { success: false, error: 'Cross-site request refused' });
      const deleted = await call(server.url, 'DELETE', '/api/license/delete/1', { cookie, headers });
      assert.is(deleted.status, 403);
      const logout = await call(server.url, 'POST', '/api/admin/logout', { cookie, headers });
      assert.is(logout.status, 403);
    }
    assert.is(await loggedIn(server.url, cookie), true, 'a cross-site logout did nothing');
    const sameOrigin = await call(server.url, 'POST', '/api/config/set', {
      cookie,
      headers: { origin: server.url },
      body: {},
    });
    assert.is.not(sameOrigin.status, 403);
    assert.is.not(sameOrigin.status, 401);
    const reads = await call(server.url, 'GET', '/api/license/list', {
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    assert.is.not(reads.status, 403, 'reads are not mutating calls');
  } finally {
    await server.close();
  }
});

test.run();
