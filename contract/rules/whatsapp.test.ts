import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { whatsappChatLink } from './addresses';

test('whatsappChatLink: the chat, with the text encoded when there is one', () => {
  assert.is(whatsappChatLink('6281234567890'), 'https://wa.me/6281234567890');
  assert.is(whatsappChatLink('6281234567890', ''), 'https://wa.me/6281234567890');
  assert.is(
    whatsappChatLink('6281234567890', 'Halo & tanya?'),
    'https://wa.me/6281234567890?text=Halo%20%26%20tanya%3F',
  );
  assert.is(whatsappChatLink('', 'Halo'), 'https://wa.me/?text=Halo');
});

test.run();
