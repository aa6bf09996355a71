import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generatePassword, hashPassword, verifyPassword } from './passwords';

test('hashPassword/verifyPassword: scrypt with salt and parameters, right and wrong passwords', async () => {
  const hash = await hashPassword('correct horse battery');
  assert.match(hash, /^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  assert.not.match(hash, 'correct horse');
  assert.is.not(await hashPassword('correct horse battery'), hash, 'salted');
  assert.ok(await verifyPassword('correct horse battery', hash));
  assert.not.ok(await verifyPassword('correct horse batterY', hash));
  assert.not.ok(await verifyPassword('', hash));
});

test('verifyPassword: a malformed stored hash never matches', async () => {
  for (const stored of ['', 'plain', 'bcrypt$1$2$3$4$5', 'scrypt$16384$8$1$c2FsdA==']) {
    assert.not.ok(await verifyPassword('x', stored), stored);
  }
});

test('generatePassword: long and random', () => {
  const first = generatePassword();
  assert.ok(first.length >= 20);
  assert.is.not(generatePassword(), first);
});

test.run();
