import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ServerConfig } from '../config';
import type { ApiRequest } from '../http/api-request';
import { HttpError } from '../http/http-error';
import { relyingParty } from './relying-party';

const request = (publicUrl: string, host: string, secure = false): ApiRequest =>
  ({ headers: { host }, secure, config: { publicUrl } as ServerConfig }) as ApiRequest;

test('relyingParty: the shop address (PUBLIC_URL) gives the RP id and origin, whatever Host says', () => {
  assert.equal(relyingParty(request('https://shop.example.id', 'evil.example')), {
    id: 'shop.example.id',
    origin: 'https://shop.example.id',
    name: 'LoopBOT admin',
  });
});

test('relyingParty: on localhost the request host and port are used (a test server on any port)', () => {
  assert.equal(relyingParty(request('http://localhost:3000', 'localhost:41234')), {
    id: 'localhost',
    origin: 'http://localhost:41234',
    name: 'LoopBOT admin',
  });
});

test('relyingParty: an IP address cannot be an RP id', () => {
  for (const host of ['127.0.0.1:3000', '[::1]:3000', 'evil.example']) {
    try {
      relyingParty(request('http://localhost:3000', host));
      assert.unreachable(host);
    } catch (error) {
      assert.instance(error, HttpError, host);
      assert.is((error as HttpError).status, 400);
    }
  }
});

test.run();
