import '../../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { changes, installFakes } from '../test-fakes';
import type { Fakes } from '../test-fakes';
import {
  appTypeOfKey,
  initializeSettings,
  isTemplateKey,
  previewTemplate,
  saveSetting,
  templateKindOfKey,
  unknownVariables,
} from './settings';
import { isLoopstreamActive } from './loopstreams';
import { isUrlKey } from '../../../contract/rules/addresses';

let fakes: Fakes | undefined;
test.after.each(() => fakes?.restore());

test('key kinds and the app of a template', () => {
  assert.ok(isUrlKey('loopbot_download_url'));
  assert.ok(isTemplateKey('loopstream_template'));
  assert.not.ok(isUrlKey('loopbot_template'));
  assert.is(appTypeOfKey('loopstream_template'), 'loopstream');
  assert.is(appTypeOfKey('loopbot_template'), 'loopbot');
});

test('previewTemplate does nothing when the value is empty', async () => {
  fakes = installFakes();
  assert.is(await previewTemplate('   ', 'loopbot'), undefined);
  assert.is(fakes.calls.length, 0);
});

test('previewTemplate returns the server preview', async () => {
  fakes = installFakes(() => ({ status: 200, body: { success: true, preview: 'Key: ABC' } }));
  assert.is(await previewTemplate('Key: {license_key}', 'loopstream'), 'Key: ABC');
  assert.equal(fakes.calls[0]?.body, { template: 'Key: {license_key}', app_type: 'loopstream' });
});

test('a reminder template: previewed as a reminder, and {renew_url} is one of its variables', async () => {
  assert.is(templateKindOfKey('loopbot_reminder_template'), 'reminder');
  assert.is(templateKindOfKey('loopbot_template'), 'license');
  assert.equal(unknownVariables('{renew_url} {license_key}', 'reminder'), []);
  assert.equal(unknownVariables('{renew_url} {license_key}'), ['{renew_url}']);
  fakes = installFakes(() => ({ status: 200, body: { success: true, preview: 'https://renew' } }));
  await previewTemplate('{renew_url}', 'loopbot', 'reminder');
  assert.equal(fakes.calls[0]?.body, { template: '{renew_url}', app_type: 'loopbot', kind: 'reminder' });
});

test('saveSetting: set for a new key, update by id for an existing one', async () => {
  fakes = installFakes();
  await saveSetting({ config_key: 'a_url', config_value: 'v', description: '' });
  await saveSetting({ id: 4, config_key: 'a_url', config_value: 'w', description: 'd' });
  assert.equal(changes(fakes), [
    { method: 'POST', path: '/api/config/set', body: { config_key: 'a_url', config_value: 'v', description: '' } },
    { method: 'PUT', path: '/api/config/update/4', body: { config_key: 'a_url', config_value: 'w', description: 'd' } },
  ]);
  assert.equal(fakes.alerts, ['Configuration saved successfully!', 'Configuration saved successfully!']);
});

test('initializeSettings texts', async () => {
  fakes = installFakes(() => ({ status: 200, body: { success: false } }));
  await initializeSettings();
  assert.equal(fakes.alerts, ['Failed to initialize configurations']);
  fakes.restore();
  fakes = installFakes();
  await initializeSettings();
  assert.equal(fakes.alerts, ['Default configurations initialized successfully!']);
});

test('isLoopstreamActive: active only while the expiry is after now', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  assert.ok(isLoopstreamActive({ expired_date: '2026-06-01T00:00:01Z' }, now));
  assert.not.ok(isLoopstreamActive({ expired_date: '2026-06-01T00:00:00Z' }, now));
  assert.not.ok(isLoopstreamActive({ expired_date: 'not a date' }, now));
});

test.run();
