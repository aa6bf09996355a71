import '../../test/happy-dom';
import '../../test/ignore-css';
import { act } from 'react';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from '../../test/render';
import { ACCOUNT_TEXT } from '../content/account-text';

const { LicensesView } = await import('./licenses-view');

type Reply = { status: number; body: unknown };
const LICENSE = {
  id: 7,
  key_masked: '3f2a…9c1d',
  app_type: 'loopbot',
  trial: false,
  state: 'active',
  state_text: 'Aktif',
  expired_date: '2099-01-01T00:00:00.000Z',
  days_left: 30,
  device_name: 'Laptop Rina',
  device_bound: true,
  device_activated_at: '2098-12-01T00:00:00.000Z',
  last_seen_at: '2098-12-01T00:00:00.000Z',
  app_version: '1.0.0',
  renew_url: null,
  next_move_at: null,
};
const ACCOUNT = { success: true, email: 'rina@example.com', licenses: [LICENSE], loopstreams: [], orders: [] };
const UNAUTHORIZED = { status: 401, body: { success: false, error: 'Unauthorized' } };

/** Answers the page's calls from `routes` ("METHOD /path" → replies in turn, the last one repeated). */
function serve(routes: Record<string, Reply[]>): void {
  globalThis.fetch = (async (path: string, init?: RequestInit) => {
    const replies = routes[`${init?.method ?? 'GET'} ${path}`] ?? [{ status: 404, body: { success: false } }];
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}

/** Lets the page's pending calls finish and React render their outcome. */
async function settle(): Promise<void> {
  for (let round = 0; round < 5; round++) await act(() => new Promise((done) => setTimeout(done, 0)));
}

const signedIn = { 'GET /api/account/check': [{ status: 200, body: { success: true, signed_in: true, email: null } }] };

test('a 401 while the account loads: "Sesi Anda sudah berakhir. Masuk lagi." and the e-mail box at once', async () => {
  serve({ ...signedIn, 'GET /api/account': [UNAUTHORIZED] });
  const page = render(<LicensesView />);
  await settle();
  const text = page.container.textContent ?? '';
  assert.match(text, ACCOUNT_TEXT.sessionEnded);
  assert.not.match(text, 'Tidak bisa terhubung');
  assert.ok(page.container.querySelector('input#account-email'), 'the e-mail box is shown');
  page.unmount();
});

test('a 401 on a licence action (the session ended meanwhile) leaves the account for the e-mail box, saying why', async () => {
  serve({
    ...signedIn,
    'GET /api/account': [{ status: 200, body: ACCOUNT }],
    'POST /api/account/licenses/7/email': [UNAUTHORIZED],
  });
  const page = render(<LicensesView />);
  await settle();
  const resend = [...page.container.querySelectorAll('button')].find(
    (button) => button.textContent === 'Kirim ulang e-mail',
  );
  assert.ok(resend, 'the licence card is shown');
  await act(async () => resend!.click());
  await settle();
  const text = page.container.textContent ?? '';
  assert.match(text, ACCOUNT_TEXT.sessionEnded);
  assert.not.match(text, 'Tidak bisa terhubung');
  assert.ok(page.container.querySelector('input#account-email'), 'the e-mail box is shown');
  assert.not.ok(page.container.querySelector('article[data-license-id]'), 'the licence is no longer shown');
  page.unmount();
});

test.run();
