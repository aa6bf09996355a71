import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isPublicId, isToken, newPublicId, newToken } from './cookies';

test('newToken: 43 base64url characters, each one fresh, and isToken accepts it', () => {
  const token = newToken();
  assert.is(token.length, 43);
  assert.ok(isToken(token));
  assert.is.not(newToken(), token);
});

test('isToken: refuses anything but 43 base64url characters', () => {
  const token = newToken();
  assert.not.ok(isToken(''));
  assert.not.ok(isToken(token.slice(1)));
  assert.not.ok(isToken(`${token}A`));
  assert.not.ok(isToken(`${token.slice(1)}=`));
  assert.not.ok(isToken(`${token.slice(1)}+`));
  assert.not.ok(isToken(`${token}\n`));
});

test('newPublicId: 16 lowercase hex characters that isPublicId accepts; other shapes are refused', () => {
  const id = newPublicId();
  assert.ok(/^[0-9a-f]{16}$/.test(id));
  assert.ok(isPublicId(id));
  assert.is.not(newPublicId(), id);
  assert.not.ok(isPublicId(id.toUpperCase().replace(/[0-9]/g, 'A')));
  assert.not.ok(isPublicId(id.slice(1)));
  assert.not.ok(isPublicId(`${id}0`));
  assert.not.ok(isPublicId(''));
});

test.run();
