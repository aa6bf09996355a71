import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TObject } from '@sinclair/typebox';
import { BuyerEmail } from './account';
import { checkFields } from './check-fields';
import { isEmailAddress } from '../rules/addresses';
import { createLicense } from './licenses';
import { LoopstreamFields } from './loopstreams';
import { ContactsInput } from './storefront-input';
import { Type } from '@sinclair/typebox';

const GOOD = ['budi@contoh.id', 'siti.rahma+toko@mail.example.com'];
const BAD = ['a@b.c', 'budi@contoh', 'budi contoh@id.co', '<budi@contoh.id>', 'budi@contoh.id,x@y.id'];

test('isEmailAddress: a domain with a dot and a top-level part of 2+ characters; no header-breaking characters', () => {
  for (const address of GOOD) assert.ok(isEmailAddress(address), address);
  for (const address of BAD) assert.not.ok(isEmailAddress(address), address);
});

test('every field that takes an e-mail address applies the same rule (they disagreed about a@b.c)', () => {
  const fields: Array<[string, TObject, string]> = [
    ['buyer sign-in and trial', Type.Object({ email: BuyerEmail }), 'email'],
    ['createLicense', createLicense.body as TObject, 'email'],
    ['LoopStream buyer_email', LoopstreamFields, 'buyer_email'],
    ['support_email', ContactsInput, 'support_email'],
  ];
  for (const [label, schema, name] of fields) {
    const field = Type.Object({ [name]: schema.properties[name]! });
    const accepts = (address: string): boolean => checkFields(field, { [name]: address }).ok;
    for (const address of GOOD) assert.ok(accepts(address), `${label}: ${address}`);
    for (const address of BAD) assert.not.ok(accepts(address), `${label}: ${address}`);
  }
});

test.run();
