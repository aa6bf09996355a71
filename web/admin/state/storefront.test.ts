import '../../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Storefront } from '../../../contract/calls/storefront';
import { installFakes } from '../test-fakes';
import type { Fakes } from '../test-fakes';
import { store } from './store';
import { saveStorefront } from './storefront';

let fakes: Fakes | undefined;
test.after.each(() => fakes?.restore());

const CATALOGUE: Storefront = {
  plans: [
    {
      id: 'loopbot-1-bulan',
      product: 'loopbot',
      name: '1 Bulan',
      price_idr: 150_000,
      duration_days: 30,
      checkout_url: 'https://lynk.id/x',
      available: true,
      most_popular: false,
      lynk_titles: ['LoopBOT 1 Bulan'],
      note: '',
      perks: [],
      streams_720p: null,
      streams_1080p: null,
      streams_4k: null,
      storage_gb: null,
    },
  ],
  contacts: {
    support_email: 'a@example.com',
    whatsapp_number: '6281234567890',
    whatsapp_greeting: 'Halo',
    facebook_url: '',
    telegram_url: '',
  },
  videos: {
    loopbot_demo: 'dQw4w9WgXcQ',
    loopstream_demo: 'dQw4w9WgXcQ',
    tutorial_setup: 'dQw4w9WgXcQ',
    tutorial_client_secret: 'dQw4w9WgXcQ',
  },
  earnings_image: {
    webp_url: '/images/a.webp',
    small_webp_url: '/images/a-640.webp',
    png_url: '/images/a.png',
    width: 1280,
    height: 800,
    placeholder: true,
  },
  trial: { enabled: true, days: 3 },
};

const copy = (storefront: Storefront): Storefront => JSON.parse(JSON.stringify(storefront)) as Storefront;

test('saveStorefront: one PUT; the catalogue and placeholders come from its answer, no second GET', async () => {
  const changed = copy(CATALOGUE);
  changed.plans[0]!.price_idr = 175_000;
  store.storefront.saved = copy(CATALOGUE);
  store.storefront.draft = copy(changed);
  store.storefront.placeholders = ['contacts.support_email', 'earnings_image'];
  fakes = installFakes((call) =>
    call.method === 'PUT'
      ? {
          status: 200,
          body: {
            success: true,
            message: 'Storefront saved successfully!',
            storefront: changed,
            placeholders: ['earnings_image'],
          },
        }
      : { status: 200, body: { success: true, storefront: CATALOGUE, placeholders: ['from a GET'] } },
  );
  await saveStorefront();
  assert.equal(
    fakes.calls.map((call) => `${call.method} ${call.path}`),
    ['PUT /api/storefront'],
  );
  assert.equal(store.storefront.placeholders, ['earnings_image']);
  assert.is(store.storefront.saved?.plans[0]?.price_idr, 175_000);
  assert.is(store.storefront.draft?.plans[0]?.price_idr, 175_000);
  assert.equal(fakes.alerts, ['Storefront saved successfully!']);
});

test.run();
