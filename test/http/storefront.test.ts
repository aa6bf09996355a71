/**
 * The storefront catalogue through its calls, and the public pages following it as plain HTTP
 * (no JavaScript): changed prices, links, contacts and videos are in the served HTML at once and
 * after a restart.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Storefront } from '../../contract/calls/storefront';
import { call } from '../harness';
import { restartableServer } from './storefront-server';

const shop = restartableServer(test);

/** The owner's read: what the Storefront tab edits and saves back. */
const read = async (): Promise<{ storefront: Storefront; placeholders: string[] }> => {
  const answer = await call(shop.server.url, 'GET', '/api/storefront/owner', { cookie: shop.cookie });
  assert.is(answer.status, 200, answer.text);
  return answer.json as unknown as { storefront: Storefront; placeholders: string[] };
};
const put = (body: unknown, withSession = true) =>
  call(shop.server.url, 'PUT', '/api/storefront', { body, cookie: withSession ? shop.cookie : undefined });
const page = async (path: string): Promise<string> => {
  const response = await fetch(shop.server.url + path, { headers: { 'accept-encoding': 'br' } });
  assert.is(response.status, 200, path);
  return response.text();
};
const withPlan = (storefront: Storefront, id: string, change: Partial<Storefront['plans'][number]>): Storefront => ({
  ...storefront,
  plans: storefront.plans.map((plan) => (plan.id === id ? { ...plan, ...change } : plan)),
});

test("GET /api/storefront/owner: the owner's catalogue with its Lynk titles, and its placeholders", async () => {
  const { storefront, placeholders } = await read();
  assert.is(storefront.plans.length, 10);
  const oneMonth = storefront.plans.find((plan) => plan.id === 'loopbot-1-bulan')!;
  assert.equal(
    [oneMonth.name, oneMonth.price_idr, oneMonth.duration_days, oneMonth.lynk_titles],
    ['1 Bulan', 150_000, 30, ['LoopBOT 1 Bulan']],
  );
  assert.is(storefront.contacts.whatsapp_number, '6281234567890');
  assert.ok(placeholders.includes('contacts.whatsapp_number'));
  assert.ok(placeholders.includes('plans[loopbot-1-bulan].checkout_url'));
  assert.ok(!placeholders.includes('plans[loopbot-lifetime].checkout_url'), 'not on sale');
  assert.ok(placeholders.includes('videos.tutorial_setup'));
  assert.ok(placeholders.includes('earnings_image'));
});

test("GET /api/storefront answers anyone only what the pages show: no plan's Lynk titles, with or without a session", async () => {
  for (const cookie of [undefined, shop.cookie]) {
    const answer = await call(shop.server.url, 'GET', '/api/storefront', { cookie });
    assert.is(answer.status, 200, answer.text);
    assert.not.ok(answer.text.includes('lynk_titles'), 'no Lynk title field');
    assert.not.ok(answer.text.includes('LoopBOT 1 Bulan'), 'no Lynk title');
    const { storefront } = answer.json as unknown as Storefront & { storefront: Storefront };
    assert.is(storefront.plans.find((plan) => plan.id === 'loopbot-1-bulan')?.price_idr, 150_000);
  }
  assert.is(
    (await call(shop.server.url, 'GET', '/api/storefront/owner')).status,
    401,
    "the owner's read needs a session",
  );
});

test("a save from the public read (no Lynk titles sent) keeps every plan's titles", async () => {
  const before = await read();
  const { storefront } = (await call(shop.server.url, 'GET', '/api/storefront')).json as unknown as {
    storefront: Storefront;
  };
  const answer = await put(withPlan(storefront, 'loopbot-1-bulan', { price_idr: 160_000 }));
  assert.is(answer.status, 200, answer.text);
  const after = await read();
  assert.equal(
    after.storefront.plans.map((plan) => plan.lynk_titles),
    before.storefront.plans.map((plan) => plan.lynk_titles),
  );
  assert.is(after.storefront.plans.find((plan) => plan.id === 'loopbot-1-bulan')?.price_idr, 160_000);
  assert.is((await put(before.storefront)).status, 200);
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
    [
      withPlan(storefront, 'loopbot-1-bulan', { price_idr: 0 }),
      'plans[loopbot-1-bulan].price_idr must be a positive whole number up to 1,000,000,000',
    ],
    [
      withPlan(storefront, 'loopbot-1-bulan', { price_idr: 150_000.5 }),
      'plans[loopbot-1-bulan].price_idr must be a positive whole number up to 1,000,000,000',
    ],
    [
      withPlan(storefront, 'loopbot-3-bulan', { price_idr: 1_000_000_001 }),
      'plans[loopbot-3-bulan].price_idr must be a positive whole number up to 1,000,000,000',
    ],
    [
      withPlan(storefront, 'loopstream-set-2', { checkout_url: 'lynk.id/x' }),
      'plans[loopstream-set-2].checkout_url must be an http:// or https:// address',
    ],
    [
      withPlan(storefront, 'combo', { checkout_url: 'javascript:alert(1)' }),
      'plans[combo].checkout_url must be an http:// or https:// address',
    ],
    [
      withPlan(storefront, 'loopbot-1-bulan', { checkout_url: '' }),
      'plans[loopbot-1-bulan].checkout_url is required for a plan on sale',
    ],
    [
      { ...storefront, contacts: { ...storefront.contacts, whatsapp_number: '0812345678' } },
      'contacts.whatsapp_number must be 8 to 15 digits, country code first (62 for Indonesia, not 0), as wa.me wants',
    ],
    [
      { ...storefront, contacts: { ...storefront.contacts, whatsapp_number: '62812' } },
      'contacts.whatsapp_number must be 8 to 15 digits, country code first (62 for Indonesia, not 0), as wa.me wants',
    ],
    [
      { ...storefront, contacts: { ...storefront.contacts, facebook_url: 'facebook.com/me' } },
      'contacts.facebook_url must be an http:// or https:// address',
    ],
    [
      { ...storefront, contacts: { ...storefront.contacts, support_email: 'not-an-email' } },
      'contacts.support_email must be a valid e-mail address',
    ],
    [
      { ...storefront, videos: { ...storefront.videos, loopbot_demo: 'https://vimeo.com/123' } },
      'videos.loopbot_demo must be a YouTube video id (11 characters) or a YouTube link',
    ],
    [
      { ...storefront, plans: [...storefront.plans, { ...storefront.plans[0]!, id: 'loopbot-2-tahun' }] },
      'plans[10].id: "loopbot-2-tahun" is not a plan of this shop',
    ],
    [{ ...storefront, plans: storefront.plans.slice(1) }, 'plans: loopbot-trial-4-hari is missing (send every plan)'],
    [
      withPlan(storefront, 'loopbot-3-bulan', { lynk_titles: ['  loopbot 1 BULAN '] }),
      'plans[loopbot-3-bulan].lynk_titles: "loopbot 1 BULAN" is already a Lynk title of loopbot-1-bulan',
    ],
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
    ...withPlan(
      withPlan(storefront, 'loopbot-1-bulan', { price_idr: 175_000, checkout_url: 'https://lynk.id/tokoku/bulanan' }),
      'loopbot-3-bulan',
      { price_idr: 420_000 },
    ),
    contacts: { ...storefront.contacts, whatsapp_number: '+62 899-1234-5678', facebook_url: '' },
    videos: {
      ...storefront.videos,
      tutorial_setup: 'https://youtu.be/dQw4w9WgXcQ?t=4',
      loopbot_demo: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m5s',
    },
  };
  const answer = await put(body);
  assert.is(answer.status, 200, answer.text);
  assert.is(answer.json.message, 'Storefront saved successfully!');
  console.log(`  pages rendered on save: ${answer.headers.get('server-timing')}`);
  const saved = answer.json.storefront as Storefront;
  assert.is(saved.contacts.whatsapp_number, '6289912345678');
  assert.is(saved.videos.tutorial_setup, 'dQw4w9WgXcQ?start=4', "the link's start time is kept");
  assert.is(saved.videos.loopbot_demo, 'dQw4w9WgXcQ?start=65');
  const after = await read();
  assert.equal(saved, after.storefront);
  // The save answers what is still a placeholder, so the admin needs no second GET.
  assert.equal(answer.json.placeholders, after.placeholders);
  assert.ok(
    !after.placeholders.includes('contacts.whatsapp_number') && after.placeholders.includes('contacts.support_email'),
  );

  const check = async (): Promise<void> => {
    const bot = await page('/loopbot');
    assert.ok(bot.includes('Rp 175.000'), 'new price');
    assert.not.ok(bot.includes('Rp 150.000'), 'old price gone');
    assert.ok(bot.includes('href="https://lynk.id/tokoku/bulanan"'), 'new checkout link');
    assert.not.ok(bot.includes('https://lynk.id/loopbot/1-bulan'), 'old checkout link gone');
    assert.ok(bot.includes('Setara Rp 140.000/bulan'), 'per-month text follows the price');
    assert.ok(
      bot.includes('"price":"175000","priceCurrency":"IDR","url":"https://lynk.id/tokoku/bulanan"'),
      'JSON-LD offer',
    );
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

const PUBLIC_PATHS = [
  '/',
  '/loopbot',
  '/loopstream',
  '/prompts',
  '/tutorial',
  '/help',
  '/privacy-policy',
  '/terms-of-use',
];

/** The page's JSON block of the catalogue. */
const pageData = (html: string): Record<string, unknown> => {
  const match = /<script type="application\/json" id="storefront-data">([^<]*)<\/script>/.exec(html);
  assert.ok(match, 'the page carries its part of the catalogue');
  return JSON.parse(match![1]!) as Record<string, unknown>;
};

test('a saved price and saving show in the FAQ and the terms, from the catalogue', async () => {
  const { storefront } = await read();
  const monthly = withPlan(storefront, 'loopbot-1-bulan', { price_idr: 150_000 });
  const body = withPlan(withPlan(monthly, 'loopbot-trial-4-hari', { price_idr: 31_500 }), 'loopbot-1-tahun', {
    price_idr: 1_260_000,
  });
  const answer = await put(body);
  assert.is(answer.status, 200, answer.text);
  const bot = await page('/loopbot');
  const cardSaving = /Hemat sekitar (\d+)%/g;
  const savings = [...bot.matchAll(cardSaving)].map((match) => Number(match[1]));
  assert.ok(savings.includes(30), `the 1 Tahun card: 1.260.000/12 against 150.000 is 30% (${savings})`);
  for (const path of ['/help', '/terms-of-use', '/loopbot']) {
    const html = await page(path);
    assert.ok(html.includes('Rp 31.500'), `${path}: the trial's new price`);
    assert.not.ok(html.includes('Rp 24.000'), `${path}: the old price is gone`);
    assert.not.ok(/diskon 20%/.test(html), `${path}: no fixed discount`);
    if (path !== '/loopbot') assert.ok(html.includes('1 Tahun sekitar 30%'), `${path}: the saving the card shows`);
  }
  // Off sale: no sentence offers the trial.
  assert.is((await put(withPlan(body, 'loopbot-trial-4-hari', { available: false, checkout_url: '' }))).status, 200);
  for (const path of ['/help', '/terms-of-use'])
    assert.not.ok((await page(path)).includes('Trial 4 Hari'), `${path}: trial off sale`);
  assert.is((await put(storefront)).status, 200);
});

test("the free trial's length and switch show in the FAQ and the terms: 7 days, then off", async () => {
  const { storefront } = await read();
  const longer = { ...storefront, trial: { enabled: true, days: 7 } };
  assert.is((await put(longer)).status, 200);
  for (const path of ['/help', '/terms-of-use'])
    assert.ok((await page(path)).includes('uji coba gratis 7 hari untuk LoopBOT dan 1 hari untuk LoopStream'), path);
  assert.ok(
    (await page('/loopbot')).includes('Ada uji coba gratis 7 hari tanpa kartu kredit, atau paket Trial 4 Hari'),
  );
  assert.is((await put({ ...longer, trial: { enabled: false, days: 7 } })).status, 200);
  for (const path of ['/help', '/terms-of-use', '/loopbot']) {
    const html = await page(path);
    assert.not.ok(
      /uji coba gratis \d+ hari untuk LoopBOT|Ada uji coba gratis \d+ hari/.test(html),
      `${path}: no free LoopBOT trial`,
    );
  }
  assert.ok((await page('/help')).includes('Tersedia uji coba gratis 1 hari untuk LoopStream tanpa kartu kredit.'));
  assert.ok((await page('/loopbot')).includes('Uji coba gratis sedang tidak tersedia, tetapi ada paket Trial 4 Hari'));
  assert.is((await put(storefront)).status, 200);
  assert.ok((await page('/help')).includes('uji coba gratis 3 hari untuk LoopBOT dan 1 hari untuk LoopStream'));
});

test('the closing buttons follow the plan by id: off sale is "Segera Hadir", never href=""', async () => {
  const { storefront } = await read();
  const off = withPlan(withPlan(storefront, 'loopbot-trial-4-hari', { available: false, checkout_url: '' }), 'combo', {
    available: false,
    checkout_url: '',
  });
  const answer = await put(withPlan(off, 'loopbot-1-tahun', { checkout_url: 'https://lynk.id/tokoku/tahunan' }));
  assert.is(answer.status, 200, answer.text);
  const bot = await page('/loopbot');
  const stream = await page('/loopstream');
  for (const html of [bot, stream]) assert.not.ok(html.includes('href=""'), 'no empty link');
  assert.not.ok(bot.includes('https://lynk.id/loopbot/trial-4-hari'), 'no trial checkout');
  assert.not.ok(stream.includes('https://lynk.id/loopbot/combo-loopbot-loopstream'), 'no combo checkout');
  const promo = bot.slice(bot.indexOf('class="promo"'));
  assert.ok(/<button[^>]*disabled[^>]*>Segera Hadir<\/button>/.test(promo), 'the trial button is disabled');
  assert.ok(promo.includes('href="https://lynk.id/tokoku/tahunan"'), "the popular plan's own link");
  const consult = stream.slice(stream.indexOf('Paket combo LoopBOT'));
  assert.ok(/<button[^>]*disabled[^>]*>Segera Hadir<\/button>/.test(consult), 'the combo button is disabled');
  assert.is((await put(storefront)).status, 200);
});

test('each page carries only the part of the catalogue it renders, never Lynk titles', async () => {
  const expected: Record<string, string[]> = {
    '/': ['contacts', 'earnings_image', 'trial'],
    '/loopbot': ['contacts', 'copy', 'plans', 'trial', 'videos'],
    '/loopstream': ['contacts', 'plans', 'videos'],
    '/prompts': ['contacts'],
    '/tutorial': ['contacts', 'videos'],
    '/help': ['contacts', 'copy'],
    '/privacy-policy': ['contacts', 'today'],
    '/terms-of-use': ['contacts', 'copy', 'today'],
  };
  for (const path of PUBLIC_PATHS) {
    const html = await page(path);
    assert.not.ok(html.includes('lynk_titles'), `${path}: no Lynk titles`);
    const data = pageData(html);
    assert.equal(Object.keys(data).sort(), expected[path], path);
  }
  const products = (path: string): Promise<string[]> =>
    page(path).then((html) => [
      ...new Set((pageData(html).plans as Array<{ product: string }>).map((plan) => plan.product)),
    ]);
  assert.equal(await products('/loopbot'), ['loopbot']);
  assert.equal(await products('/loopstream'), ['loopstream', 'combo']);
  assert.equal(Object.keys(pageData(await page('/loopbot')).videos as object), ['loopbot_demo']);
  assert.equal(Object.keys(pageData(await page('/tutorial')).videos as object).sort(), [
    'tutorial_client_secret',
    'tutorial_setup',
  ]);
  assert.equal(Object.keys(pageData(await page('/help')).copy as object).sort(), [
    'name:loopbot-1-bulan',
    'name:loopbot-trial-4-hari',
    'price:loopbot-trial-4-hari',
    'savings:loopbot',
    'trial_days',
  ]);
});

test('legal pages show the date without scripts; /help speaks Indonesian', async () => {
  for (const path of ['/terms-of-use', '/privacy-policy']) {
    const html = await page(path);
    const match =
      /Terakhir diperbarui: (?:<!-- -->)?<time dateTime="(\d{4}-\d{2}-\d{2})"[^>]*>(\d{1,2} [A-Z][a-z]+ \d{4})<\/time>/i.exec(
        html,
      );
    assert.ok(match, `${path}: a prerendered date`);
    assert.not.ok(html.includes('…</time>'), `${path}: no placeholder`);
  }
  const help = await page('/help');
  assert.ok(help.includes('Pusat Bantuan'));
  assert.not.ok(help.includes('>Help Center</p>'), 'no English eyebrow');
});

test.run();
