import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { codeGuessingMail } from './guessing-alert';

test('codeGuessingMail: Indonesian like every e-mail of the shop, its time in the one format for people (WIB)', () => {
  const mail = codeGuessingMail(1, '2026-12-07T14:05:00.000Z', 'Asia/Jakarta');
  assert.is(mail.subject, 'Kode masuk admin sedang ditebak');
  assert.match(mail.body, 'Pada 7 Desember 2026 pukul 21:05 WIB sepuluh kode salah dalam 15 menit');
  assert.match(mail.body, 'npm run admin:password');
  assert.not.match(mail.body, /GMT|Someone|guessing/);
});

test.run();
