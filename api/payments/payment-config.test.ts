import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadPaymentConfig } from './payment-config';

const TRIPAY = { TRIPAY_API_KEY: 'DEV-key', TRIPAY_PRIVATE_KEY: 'private', TRIPAY_MERCHANT_CODE: 'T0001' };

test('config: no gateway variables, no gateway (the shop sells as before)', () => {
  assert.equal(loadPaymentConfig({}), { midtrans: undefined, tripay: undefined });
});

test('config: a sandbox Midtrans key uses the sandbox host unless MIDTRANS_API_BASE says otherwise', () => {
  const sandbox = loadPaymentConfig({ MIDTRANS_SERVER_KEY: 'SB-Mid-server-abc' }).midtrans;
  assert.equal(sandbox, {
    serverKey: 'SB-Mid-server-abc',
    production: false,
    apiBase: 'https://api.sandbox.midtrans.com',
  });
  const local = loadPaymentConfig({ MIDTRANS_SERVER_KEY: 'SB-x', MIDTRANS_API_BASE: 'http://127.0.0.1:4567/' });
  assert.is(local.midtrans?.apiBase, 'http://127.0.0.1:4567');
  const live = loadPaymentConfig({ MIDTRANS_SERVER_KEY: 'Mid-server-abc', MIDTRANS_PRODUCTION: '1' });
  assert.is(live.midtrans?.apiBase, 'https://api.midtrans.com');
});

test('config: Tripay keeps its base path and needs all three keys', () => {
  assert.is(loadPaymentConfig(TRIPAY).tripay?.apiBase, 'https://tripay.co.id/api-sandbox');
  const local = loadPaymentConfig({ ...TRIPAY, TRIPAY_API_BASE: 'http://127.0.0.1:5000/api-sandbox/' });
  assert.is(local.tripay?.apiBase, 'http://127.0.0.1:5000/api-sandbox');
  assert.throws(() => loadPaymentConfig({ TRIPAY_API_KEY: 'DEV-key' }), /all three/);
});

test('config: a sandbox key with production on (or the reverse) is refused at start', () => {
  assert.throws(() => loadPaymentConfig({ MIDTRANS_SERVER_KEY: 'SB-x', MIDTRANS_PRODUCTION: '1' }), /sandbox key/);
  assert.throws(() => loadPaymentConfig({ MIDTRANS_SERVER_KEY: 'Mid-server-x' }), /production key/);
  assert.throws(() => loadPaymentConfig({ ...TRIPAY, TRIPAY_PRODUCTION: 'yes' }), /sandbox key/);
});

test('config: bad values are listed together', () => {
  try {
    loadPaymentConfig({
      MIDTRANS_SERVER_KEY: 'SB-x',
      MIDTRANS_API_BASE: 'ftp://example.com',
      ...TRIPAY,
      TRIPAY_API_BASE: 'http://user:pw@127.0.0.1/api',
      TRIPAY_PRODUCTION: 'maybe',
    });
    assert.unreachable('should throw');
  } catch (error) {
    const message = (error as Error).message;
    assert.match(message, /MIDTRANS_API_BASE must be/);
    assert.match(message, /TRIPAY_API_BASE must be/);
    assert.match(message, /TRIPAY_PRODUCTION must be 1 or 0/);
  }
});

test.run();
