import '../../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installFakes } from '../test-fakes';
import type { Fakes } from '../test-fakes';
import { promptImageUrl as imageUrl } from '../../../contract/rules/images';
import { IMAGE_ACCEPT, copyPrompt, isAcceptedImage, promptFormErrors } from './prompts';

let fakes: Fakes | undefined;
let copied: string[] = [];
function fakeClipboard(fails = false): void {
  copied = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        if (fails) throw new Error('denied');
        copied.push(text);
      },
    },
  });
}
test.after.each(() => fakes?.restore());

test('imageUrl uses only the last segment of image_path', () => {
  assert.is(imageUrl('/data/uploads/abc.webp'), '/api/prompt/image/abc.webp');
  assert.is(imageUrl('uploads\\x y.png'), '/api/prompt/image/x%20y.png');
  assert.is(imageUrl(null), undefined);
  assert.is(imageUrl(''), undefined);
});

test('isAcceptedImage: PNG, JPG, JPEG, WEBP only', () => {
  assert.ok(isAcceptedImage({ name: 'a.PNG', type: 'image/png' }));
  assert.ok(isAcceptedImage({ name: 'a.jpeg', type: 'image/jpeg' }));
  assert.ok(isAcceptedImage({ name: 'a.webp', type: '' }));
  assert.ok(isAcceptedImage({ name: 'a.jpg', type: 'image/jpeg' }));
  assert.not.ok(isAcceptedImage({ name: 'a.pngx', type: 'image/png' }));
  assert.is(IMAGE_ACCEPT, '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp', 'the file picker offers the same');
  assert.not.ok(isAcceptedImage({ name: 'a.gif', type: 'image/gif' }));
  assert.not.ok(isAcceptedImage({ name: 'a.png', type: 'text/plain' }));
});

test('promptFormErrors: title and at least one of template or music', () => {
  const base = { title: 'T', prompt_template: '', prompt_music: '', image: null };
  assert.equal(promptFormErrors({ ...base, prompt_music: 'm' }), []);
  assert.equal(promptFormErrors({ ...base, prompt_template: 't' }), []);
  assert.equal(promptFormErrors(base), ['Enter at least one of the template prompt or the music prompt.']);
  assert.equal(promptFormErrors({ ...base, title: ' ', prompt_template: 't' }), ['Title is required.']);
});

test('copyPrompt prefers the template, else the music', async () => {
  fakes = installFakes();
  fakeClipboard();
  await copyPrompt({ prompt_template: 'T', prompt_music: 'M' });
  await copyPrompt({ prompt_template: '', prompt_music: 'M' });
  await copyPrompt({ prompt_template: 'T', prompt_music: 'M' }, 'music');
  assert.equal(copied, ['T', 'M', 'M']);
  assert.equal(fakes.alerts, [
    'Template prompt copied to clipboard!',
    'Music prompt copied to clipboard!',
    'Music prompt copied to clipboard!',
  ]);
});

test('copyPrompt: empty text and clipboard failure messages', async () => {
  fakes = installFakes();
  fakeClipboard();
  await copyPrompt({ prompt_template: 'T', prompt_music: null }, 'music');
  await copyPrompt({ prompt_template: null, prompt_music: ' ' });
  assert.equal(copied, []);
  fakeClipboard(true);
  await copyPrompt({ prompt_template: 'T', prompt_music: null });
  assert.equal(fakes.alerts, [
    'No content available for this prompt type',
    'No content available for this prompt type',
    'Failed to copy prompt',
  ]);
});

test.run();
