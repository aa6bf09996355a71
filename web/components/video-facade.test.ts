import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { embedUrl } from './video-facade';

test("embedUrl: the id, and the start time the owner's link named", () => {
  assert.is(embedUrl('dQw4w9WgXcQ'), 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
  assert.is(embedUrl('dQw4w9WgXcQ?start=65'), 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&start=65');
  assert.is(embedUrl('dQw4w9WgXcQ?start=x'), 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
});

test.run();
