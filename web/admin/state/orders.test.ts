import '../../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Order } from '../../../contract/calls/orders';
import { changes, installFakes } from '../test-fakes';
import type { Fakes } from '../test-fakes';
import { emailLicense, resendMail } from './mail';
import { loopstreamPrefill, packageOptions } from './order-actions';
import { markOrderHandled, whatsappLink } from './orders';

let fakes: Fakes | undefined;
test.after.each(() => fakes?.restore());

const item = (planName: string | null, qty = 1): Order['items'][number] => ({
  title: `LoopStream ${planName}`,
  qty,
  price: 0,
  plan_id: 'x',
  plan_name: planName,
  plan_price_idr: 1,
});

test('whatsappLink: the licence message as text; the chat alone without one; nothing without a phone', () => {
  assert.is(
    whatsappLink({ customer_phone: '0812 3456 7890', license_message: 'Kunci: K & más\nBaris 2' }),
    'https://wa.me/6281234567890?text=Kunci%3A%20K%20%26%20m%C3%A1s%0ABaris%202',
  );
  assert.is(whatsappLink({ customer_phone: '0812 3456 7890', license_message: null }), 'https://wa.me/6281234567890');
  assert.is(whatsappLink({ customer_phone: '', license_message: 'x' }), '');
});

test('loopstreamPrefill: buyer, and the package and days the server read from the order plan', () => {
  const now = new Date('2026-01-01T02:30:00.000Z');
  const prefill = loopstreamPrefill(
    {
      customer_name: 'Sari',
      customer_email: 's@example.com',
      items: [item('Set 3', 2)],
      loopstream_setup: { package_type: 'Set 3', days: 60 },
    },
    now,
  );
  assert.equal(prefill, {
    package_type: 'Set 3',
    customer_name: 'Sari',
    expiry: '2026-03-02T09:30',
    plan: 'Set 3 × 2',
  });
  const unnamed = loopstreamPrefill(
    { customer_name: '', customer_email: 's@example.com', items: [item('Set 1')], loopstream_setup: null },
    now,
  );
  assert.equal([unnamed.package_type, unnamed.customer_name], ['Paket 1', 's@example.com']);
});

test("packageOptions: the catalogue's LoopStream plans and the combo, then Paket 1 / Paket 2; an older record's own package kept", () => {
  const plans = [
    { product: 'loopbot' as const, name: '1 Bulan' },
    { product: 'loopstream' as const, name: 'Set 3' },
    { product: 'combo' as const, name: 'Combo' },
  ];
  assert.equal(packageOptions(plans), ['Set 3', 'Combo', 'Paket 1', 'Paket 2']);
  assert.equal(packageOptions(plans, 'Set 9'), ['Set 9', 'Set 3', 'Combo', 'Paket 1', 'Paket 2']);
});

test('mark handled, resend and send by e-mail: one call each, the server message shown', async () => {
  fakes = installFakes((call) => ({
    status: 200,
    body:
      call.method === 'GET'
        ? { success: true, orders: [], messages: [], total: 0, pages: 1, page: 1 }
        : { success: true, message: `done ${call.path}` },
  }));
  await markOrderHandled({ id: 3 });
  await resendMail({ id: 4, status: 'failed', to: 'a@example.com' });
  await emailLicense({ id: 5 });
  assert.equal(
    changes(fakes).map((call) => `${call.method} ${call.path}`),
    ['POST /api/order/handled/3', 'POST /api/mail/resend/4', 'POST /api/license/email/5'],
  );
  assert.equal(fakes.alerts, ['done /api/order/handled/3', 'done /api/mail/resend/4', 'done /api/license/email/5']);
});

test('a refusal shows the server text', async () => {
  fakes = installFakes((call) =>
    call.method === 'GET'
      ? { status: 200, body: { success: true } }
      : { status: 409, body: { success: false, error: 'This message is being sent right now' } },
  );
  await resendMail({ id: 4, status: 'failed', to: 'a@example.com' });
  assert.equal(fakes.alerts, ['This message is being sent right now']);
});

test.run();
