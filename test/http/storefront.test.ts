/**
 * The storefront catalogue through its calls, and the public pages following it as plain HTTP
 * (no JavaScript): changed prices, links, contacts and videos are in the served HTML at once and
 * after a restart.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Storefront } from '../../contract/storefront';
import { call } from '../harness';
import { restartableServer } from './storefront-server';

const shop = restartableServer(test);

const read = async (): Promise<{ storefront: Storefront; placeholders: string[] }> => {
  const answer = await call(shop.server.url, 'GET', '/api/storefront');
  assert.is(answer.status, 200, answer.text);
  return answer.json as unknown as { storefront: Storefront; placeholders: string[] };
};
const put = (body: unknown, withSession = true) => call(shop.server.url, 'PUT', '/api/storefront', { body, cookie: withSession ? shop.cookie : undefined });
const page = async (path: string): Promise<string> => {
  const response = await fetch(shop.server.url + path, { headers: { 'accept-encoding': 'br' } });
  assert.is(response.status, 200, path);
  return response.text();
};
const withPlan = (storefront: Storefront, id: string, change: Partial<Storefront['plans'][number]>): Storefront => ({
  ...storefront,
  plans: storefront.plans.map((plan) => (plan.id === id ? { ...plan, ...change } : plan)),
});

test('GET /api/storefront: public; the shipped catalogue and its placeholders', async () => {
  const { storefront, placeholders } = await read();
  assert.is(storefront.plans.length, 10);
  const oneMonth = storefront.plans.find((plan) => plan.id === 'loopbot-1-bulan')!;
  assert.equal([oneMonth.name, oneMonth.price_idr, oneMonth.duration_days, oneMonth.lynk_titles], ['1 Bulan', 150_000, 30, ['LoopBOT 1 Bulan']]);
  assert.is(storefront.contacts.whatsapp_number, '6281234567890');
  assert.ok(placeholders.includes('contacts.whatsapp_number'));
  assert.ok(placeholders.includes('plans[loopbot-1-bulan].checkout_url'));
  assert.ok(!placeholders.includes('plans[loopbot-lifetime].checkout_url'), 'not on sale');
  assert.ok(placeholders.includes('videos.tutorial_setup'));
  assert.ok(placeholders.includes('earnings_image'));
});

test('PUT without a session is 401 and changes nothing', async () => {
  const before = await read();
  const answer = await put(withPlan(before.storefront, 'loopbot-1-bulan', { price_idr: 1 }), false);
  assert.is(answer.status, 401);
  assert.equal(await read(), before);
});

test('bad input: 400 naming the field, nothing saved', async () => {
  const before = await read();
  const { storefront } = before;
  const cases: Array<[unknown, string]> = [
    [withPlan(storefront, 'loopbot-1-bulan', { price_idr: 0 }), 'plans[loopbot-1-bulan].price_idr must be a positive whole number up to 1,000,000,000'],
    [withPlan(storefront, 'loopbot-1-bulan', { price_idr: 150_000.5 }), 'plans[loopbot-1-bulan].price_idr must be a positive whole number up to 1,000,000,000'],
    [withPlan(storefront, 'loopbot-3-bulan', { price_idr: 1_000_000_001 }), 'plans[loopbot-3-bulan].price_idr must be a positive whole number up to 1,000,000,000'],
    [withPlan(storefront, 'loopstream-set-2', { checkout_url: 'lynk.id/x' }), 'plans[loopstream-set-2].checkout_url must be an http:// or https:// address'],
    [withPlan(storefront, 'combo', { checkout_url: 'javascript:alert(1)' }), 'plans[combo].checkout_url must be an http:// or https:// address'],
    [withPlan(storefront, 'loopbot-1-bulan', { checkout_url: '' }), 'plans[loopbot-1-bulan].checkout_url is required for a plan on sale'],
    [{ ...storefront, contacts: { ...storefront.contacts, whatsapp_number: '0812345678' } }, 'contacts.whatsapp_number must be 8 to 15 digits, country code first (62 for Indonesia, not 0), as wa.me wants'],
    [{ ...storefront, contacts: { ...storefront.contacts, whatsapp_number: '62812' } }, 'contacts.whatsapp_number must be 8 to 15 digits, country code first (62 for Indonesia, not 0), as wa.me wants'],
    [{ ...storefront, contacts: { ...storefront.contacts, facebook_url: 'facebook.com/me' } }, 'contacts.facebook_url must be an http:// or https:// address'],
    [{ ...storefront, contacts: { ...storefront.contacts, support_email: 'not-an-email' } }, 'contacts.support_email must be a valid e-mail address'],
    [{ ...storefront, videos: { ...storefront.videos, loopbot_demo: 'https://vimeo.com/123' } }, 'videos.loopbot_demo must be a YouTube video id (11 characters) or a YouTube link'],
    [{ ...storefront, plans: [...storefront.plans, { ...storefront.plans[0]!, id: 'loopbot-2-tahun' }] }, 'plans[10].id: "loopbot-2-tahun" is not a plan of this shop'],
    [{ ...storefront, plans: storefront.plans.slice(1) }, 'plans: loopbot-trial-4-hari is missing (send every plan)'],
    [withPlan(storefront, 'loopbot-3-bulan', { lynk_titles: ['  loopbot 1 BULAN '] }), 'plans[loopbot-3-bulan].lynk_titles: "loopbot 1 BULAN" is already a Lynk title of loopbot-1-bulan'],
    [withPlan(storefront, 'loopbot-1-bulan', { name: 'Bulanan' }), 'plans[loopbot-1-bulan].name cannot be changed'],
    [{ ...storefront, plans: 'all' }, 'plans must be a list'],
    [{ plans: storefront.plans, videos: storefront.videos }, 'contacts is required'],
  ];
  for (const [body, error] of cases) {
    const answer = await put(body);
    assert.is(answer.status, 400, error);
    assert.equal(answer.json, { success: false, error });
  }
  assert.equal(await read(), before);
});

test('a save: prices, links, contacts and videos in every public page at once, and after a restart', async () => {
  const { storefront } = await read();
  const body: Storefront = {
    ...withPlan(withPlan(storefront, 'loopbot-1-bulan', { price_idr: 175_000, checkout_url: 'https://lynk.id/tokoku/bulanan' }), 'loopbot-3-bulan', { price_idr: 420_000 }),
    contacts: { ...storefront.contacts, whatsapp_number: '+62 899-1234-5678', facebook_url: '' },
    videos: { ...storefront.videos, tutorial_setup: 'https://youtu.be/dQw4w9WgXcQ?t=4' },
  };
  const answer = await put(body);
  assert.is(answer.status, 200, answer.text);
  assert.is(answer.json.message, 'Storefront saved successfully!');
  console.log(`  pages rendered on save: ${answer.headers.get('server-timing')}`);
  const saved = answer.json.storefront as Storefront;
  assert.is(saved.contacts.whatsapp_number, '6289912345678');
  assert.is(saved.videos.tutorial_setup, 'dQw4w9WgXcQ');
  assert.equal(saved, (await read()).storefront);

  const check = async (): Promise<void> => {
    const bot = await page('/loopbot');
    assert.ok(bot.includes('Rp 175.000'), 'new price');
    assert.not.ok(bot.includes('Rp 150.000'), 'old price gone');
    assert.ok(bot.includes('href="https://lynk.id/tokoku/bulanan"'), 'new checkout link');
    assert.not.ok(bot.includes('https://lynk.id/loopbot/1-bulan'), 'old checkout link gone');
    assert.ok(bot.includes('Setara Rp 140.000/bulan'), 'per-month text follows the price');
    assert.ok(bot.includes('"price":"175000","priceCurrency":"IDR","url":"https://lynk.id/tokoku/bulanan"'), 'JSON-LD offer');
    for (const path of ['/', '/loopbot', '/loopstream', '/tutorial', '/help', '/privacy-policy']) {
      const html = await page(path);
      assert.ok(html.includes('wa.me/6289912345678'), `${path}: new WhatsApp number`);
      assert.not.ok(html.includes('6281234567890'), `${path}: old number gone`);
      assert.not.ok(html.includes('facebook.com/loopbot.id'), `${path}: Facebook link removed`);
    }
    const tutorial = await page('/tutorial');
    assert.ok(tutorial.includes('data-video-id="dQw4w9WgXcQ"'), 'new tutorial video');
    const missing = await fetch(`${shop.server.url}/no-such-page`);
    assert.is(missing.status, 404);
    assert.ok((await missing.text()).includes('wa.me/6289912345678'), '404 page footer');
  };
  await check();

  await shop.restart();
  assert.equal((await read()).storefront, saved);
  await check();
});

test.run();
