import { configValues, findConfigById, insertMissingConfigs, listConfigs, setConfig, updateConfig } from '../../data/configs';
import { readAppType } from '../common/admin-input';
import { configDefaults } from './config-defaults';
import type { AppContext } from '../context';
import { addDays } from '../common/date-time';
import { HttpError, idParam, optionalString, readJson, requiredString } from '../http/http';
import type { Handler } from '../http/http';
import { generateLicenseKey } from '../licenses/license-keys';
import { fillTemplate, messageSettingKeys, templateValues } from '../licenses/license-message';

const KEY = /^[a-z][a-z0-9_]*$/;
const KEY_MAX_LENGTH = 100;
const VALUE_MAX_LENGTH = 20_000;
const DESCRIPTION_MAX_LENGTH = 500;
const PREVIEW_DAYS = 30;

function readKey(body: Record<string, unknown>): string {
  const key = requiredString(body, 'config_key', KEY_MAX_LENGTH);
  if (!KEY.test(key)) {
    throw new HttpError(400, 'config_key must be snake_case: lower-case letters, digits and _, starting with a letter');
  }
  return key;
}

/** Links end up in licence messages customers click: keys containing `url` hold an http(s) address. */
function readValue(body: Record<string, unknown>, key: string): string {
  const value = requiredString(body, 'config_value', VALUE_MAX_LENGTH);
  if (key.includes('url') && !/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value)) {
    throw new HttpError(400, 'config_value of a url key must be an http:// or https:// address');
  }
  return value;
}

export function configHandlers(ctx: AppContext): {
  list: Handler;
  initialize: Handler;
  set: Handler;
  update: Handler;
  preview: Handler;
} {
  const { db } = ctx;
  const nowIso = (): string => ctx.now().toISOString();

  return {
    async list() {
      return { success: true, configs: await listConfigs(db) };
    },

    async initialize(req) {
      // The defaults are the server's own: a body is read only so a broken one is refused.
      await readJson(req);
      const created = await insertMissingConfigs(db, configDefaults(), nowIso());
      return { success: true, message: 'Default configurations initialized successfully!', created };
    },

    async set(req) {
      const body = await readJson(req);
      const key = readKey(body);
      const value = readValue(body, key);
      const description = optionalString(body, 'description', DESCRIPTION_MAX_LENGTH);
      const config = await setConfig(db, { config_key: key, config_value: value, description }, nowIso());
      return { success: true, message: 'Configuration saved successfully!', config };
    },

    async update(req) {
      const id = idParam(req);
      const body = await readJson(req);
      const existing = await findConfigById(db, id);
      if (!existing) throw new HttpError(404, 'Configuration not found');
      const sentKey = optionalString(body, 'config_key', KEY_MAX_LENGTH);
      if (sentKey !== undefined && sentKey !== existing.config_key) throw new HttpError(400, 'config_key cannot be changed');
      const value = readValue(body, existing.config_key);
      const description = optionalString(body, 'description', DESCRIPTION_MAX_LENGTH);
      const config = await updateConfig(db, id, { config_value: value, description }, nowIso());
      if (!config) throw new HttpError(404, 'Configuration not found');
      return { success: true, message: 'Configuration saved successfully!', config };
    },

    async preview(req) {
      const body = await readJson(req);
      const template = body.template;
      if (template === undefined || template === null) throw new HttpError(400, 'template is required');
      if (typeof template !== 'string') throw new HttpError(400, 'template must be a string');
      if (template.length > VALUE_MAX_LENGTH) throw new HttpError(400, `template is too long (max ${VALUE_MAX_LENGTH} characters)`);
      const appType = readAppType(body);
      if (template.trim() === '') return { success: true, preview: '' };
      const settings = await configValues(db, messageSettingKeys(appType));
      const expiry = addDays(nowIso(), PREVIEW_DAYS);
      const values = templateValues(appType, generateLicenseKey(appType), expiry, settings);
      return { success: true, preview: fillTemplate(template, values) };
    },
  };
}
