import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { explainMailError } from './mail-errors';

test('explainMailError: raw SMTP failures in plain words', () => {
  const cases: Array<[string, RegExp]> = [
    ['ESOCKET: connect ECONNREFUSED 127.0.0.1:587', /refused the connection/],
    ['EAUTH: 535 5.7.8 Username and Password not accepted', /user name or password/],
    ['EDNS: getaddrinfo ENOTFOUND smtp.exmaple.com', /name was not found/],
    ['ETIMEDOUT: Connection timeout', /did not answer in time/],
    ['EENVELOPE: 550 5.1.1 No such user', /refused this address/],
    ['EMESSAGE: 452 4.2.2 Too many messages, try later', /try again later/],
    ['something else', /did not take the message/],
  ];
  for (const [raw, meaning] of cases) assert.match(explainMailError(raw), meaning, raw);
});

test.run();
