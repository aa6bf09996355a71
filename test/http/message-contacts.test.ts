/**
 * Customer messages name the shop's own contacts: `{whatsapp_url}` and `{support_email}` come from
 * the storefront catalogue, in the default templates, the licence download and the template preview,
 * and follow a saved change.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Storefront } from '../../contract/calls/storefront';
import { adminServer, call } from '../harness';

const shop = adminServer(test);
const api = (method: string, path: string, body?: unknown) =>
  call(shop.server.url, method, path, { cookie: shop.cookie, body });

test('the template preview fills {whatsapp_url} and {support_email} from the storefront contacts', async () => {
  const answer = await api('POST', '/api/config/template/preview', {
    template: 'WA {whatsapp_url} / {support_email}',
    app_type: 'loopbot',
  });
  assert.equal(answer.json, { success: true, preview: 'WA https://wa.me/6281234567890 / support@loopbot.id' });
});

test('a saved contact change shows in the licence download at once', async () => {
  const { storefront } = (await call(shop.server.url, 'GET', '/api/storefront')).json as unknown as {
    storefront: Storefront;
  };
  const contacts = { ...storefront.contacts, whatsapp_number: '6289876543210', support_email: 'halo@tokoku.id' };
  const saved = await api('PUT', '/api/storefront', { ...storefront, contacts });
  assert.is(saved.status, 200, saved.text);
  const created = await api('POST', '/api/license/create', {
    email: 'a@example.com',
    app_type: 'loopbot',
    expired_date: '2030-01-01T00:00:00Z',
  });
  const key = (created.json.license as { license_key: string }).license_key;
  const download = await api('GET', `/api/license/download/${key}`);
  assert.match(download.text, 'Hubungi admin melalui WhatsApp: https://wa.me/6289876543210 atau e-mail halo@tokoku.id');
});

test.run();
