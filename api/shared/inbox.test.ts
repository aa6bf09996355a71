import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inboxOf } from './inbox';

test('inboxOf: Gmail ignores dots and +tags and googlemail.com is gmail.com; other domains compare as typed', () => {
  for (const email of ['john.doe@gmail.com', 'j.o.h.n.doe+trial2@gmail.com', 'johndoe+x@googlemail.com'])
    assert.is(inboxOf(email), 'johndoe@gmail.com', email);
  assert.is(inboxOf('budi.s+promo@outlook.com'), 'budi.s+promo@outlook.com');
  assert.is(inboxOf('a.b@example.com'), 'a.b@example.com');
});

test.run();
