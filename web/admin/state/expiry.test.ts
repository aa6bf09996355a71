import '../../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installFakes } from '../test-fakes';
import type { Fakes } from '../test-fakes';
import { expiryToSave, startingExpiry } from './expiry';
import { unknownVariables } from './settings';
import { promptFieldErrors } from './prompts';

let fakes: Fakes | undefined;
test.after.each(() => fakes?.restore());

test('startingExpiry: a stored expiry as the WIB wall time; none for a new record', () => {
  assert.equal(startingExpiry('2030-01-01T03:00:00.000Z'), {
    wall: '2030-01-01T10:00',
    iso: '2030-01-01T03:00:00.000Z',
  });
  assert.equal(startingExpiry(undefined), { wall: '', iso: '' });
});

test('expiryToSave: a future date with the WIB offset, no question', () => {
  fakes = installFakes();
  assert.is(expiryToSave('2099-02-14T19:00', startingExpiry(undefined), 'licence'), '2099-02-14T19:00:00+07:00');
  assert.equal(fakes.confirms, []);
});

test('expiryToSave: a past date asks first; declined gives null', () => {
  fakes = installFakes();
  fakes.confirmAnswer = false;
  assert.is(expiryToSave('2020-01-01T00:00', startingExpiry(undefined), 'licence'), null);
  assert.equal(fakes.confirms, [
    'The expiry 01 Jan 2020, 00:00 WIB is in the past: the licence will be expired at once. Save it anyway?',
  ]);
  fakes.confirmAnswer = true;
  assert.is(expiryToSave('2020-01-01T00:00', startingExpiry(undefined), 'licence'), '2020-01-01T00:00:00+07:00');
});

test('expiryToSave: an unchanged (even past) expiry is sent as stored, without a question', () => {
  fakes = installFakes();
  const start = startingExpiry('2020-01-01T03:00:30.000Z');
  assert.is(expiryToSave(start.wall, start, 'access'), '2020-01-01T03:00:30.000Z');
  assert.equal(fakes.confirms, []);
});

test('unknownVariables: the placeholders the server leaves as written, once each', () => {
  assert.equal(
    unknownVariables(
      'Halo {nama_admin} {license_key} {expired_date} {Download_URL} {nama_admin} {tutorial_url} {download_url} { x } {}',
    ),
    ['{nama_admin}', '{Download_URL}'],
  );
  assert.equal(unknownVariables('Kunci {license_key}'), []);
});

test('promptFieldErrors: each error under its field', () => {
  assert.equal(promptFieldErrors({ title: ' ', prompt_template: '', prompt_music: '', image: null }), {
    title: 'Title is required.',
    content: 'Enter at least one of the template prompt or the music prompt.',
  });
  assert.equal(
    promptFieldErrors({
      title: 'T',
      prompt_template: '',
      prompt_music: 'm',
      image: { name: 'a.gif', type: 'image/gif' } as File,
    }),
    {
      image: 'The image must be a PNG, JPG, JPEG or WEBP file.',
    },
  );
});

test.run();
