import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isLynkSignatureValid, lynkSignature } from './lynk-signature';

const fields = { grandTotal: '149000', refId: 'LYNK-REF-1', messageId: 'msg-42' };
const KEY = 'merchant-key';

test('lynkSignature: lowercase hex SHA-256 of total + refId + message id + key, no separators', () => {
  const expected = createHash('sha256').update('149000LYNK-REF-1msg-42merchant-key').digest('hex');
  assert.is(lynkSignature(fields, KEY), expected);
  assert.match(expected, /^[0-9a-f]{64}$/);
});

test('isLynkSignatureValid: the right signature in any case and with spaces around passes', () => {
  const signature = lynkSignature(fields, KEY);
  assert.ok(isLynkSignatureValid(signature, fields, KEY));
  assert.ok(isLynkSignatureValid(` ${signature.toUpperCase()} `, fields, KEY));
});

test('isLynkSignatureValid: missing, short, another key or any changed field fails', () => {
  const signature = lynkSignature(fields, KEY);
  for (const header of [undefined, '', signature.slice(1), `${signature}0`, lynkSignature(fields, 'other-key')]) {
    assert.not.ok(isLynkSignatureValid(header, fields, KEY), String(header));
  }
  for (const changed of [{ grandTotal: '149001' }, { refId: 'LYNK-REF-2' }, { messageId: 'msg-43' }]) {
    assert.not.ok(isLynkSignatureValid(signature, { ...fields, ...changed }, KEY), JSON.stringify(changed));
  }
});

test.run();
