import { apiJson } from '../api-client';
import type { BodyOf } from '../../../contract/calls/call';
import type * as calls from '../../../contract/calls/settings';
import { CHANGE_TEXTS, MESSAGES } from '../messages';
import type { Setting } from '../../../contract/calls/settings';
import type { AppType } from '../../../contract/calls/licenses';
import { REMINDER_TEMPLATE_VARIABLES, TEMPLATE_VARIABLES } from '../../../contract/rules/vocabulary';
import type { TEMPLATE_KINDS } from '../../../contract/rules/vocabulary';
import { notify } from './dialogs';
import { mutate, saved } from './mutate';

/** A setting as the form sends it; `id` when an existing row is updated. */
export type SettingInput = Required<BodyOf<typeof calls.setSetting>> & { id?: number };

export const isTemplateKey = (key: string): boolean => key.includes('template');

export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
/** Renewal reminder templates (`loopbot_reminder_template`) also take `{renew_url}`. */
export const templateKindOfKey = (key: string): TemplateKind => (key.includes('reminder') ? 'reminder' : 'license');
export const templateVariables = (kind: TemplateKind): readonly string[] =>
  kind === 'reminder' ? REMINDER_TEMPLATE_VARIABLES : TEMPLATE_VARIABLES;

/** Which app a message template belongs to, read from its key (loopstream_template, loopbot_template). */
export function appTypeOfKey(key: string): AppType {
  return key.includes('loopstream') ? 'loopstream' : 'loopbot';
}

export async function initializeSettings(): Promise<void> {
  await mutate(
    () => apiJson<typeof calls.initializeSettings>('POST', '/api/config/initialize'),
    CHANGE_TEXTS.initializeSettings,
  );
}

/** New keys go through set; an existing row is updated by id (its key cannot change). */
export function saveSetting(input: SettingInput): Promise<boolean> {
  const body = { config_key: input.config_key, config_value: input.config_value, description: input.description };
  return saved(
    () =>
      input.id === undefined
        ? apiJson<typeof calls.setSetting>('POST', '/api/config/set', body)
        : apiJson<typeof calls.updateSetting>('PUT', `/api/config/update/${input.id}`, body),
    CHANGE_TEXTS.saveSetting,
  );
}

/**
 * The `{placeholders}` of a template the server will not fill (`{nama_admin}`, `{License_Key}`):
 * they reach the customer as written, so the preview lists them.
 */
export function unknownVariables(template: string, kind: TemplateKind = 'license'): string[] {
  const known = new Set<string>(templateVariables(kind));
  const found = [...template.matchAll(/\{([A-Za-z0-9_]+)\}/g)]
    .map((match) => match[1]!)
    .filter((name) => !known.has(name));
  return [...new Set(found)].map((name) => `{${name}}`);
}

/** The template filled with sample values; does nothing (undefined) when the template is empty. */
export async function previewTemplate(
  template: string,
  appType: AppType,
  kind: TemplateKind = 'license',
): Promise<string | undefined> {
  if (!template.trim()) return undefined;
  try {
    const body = kind === 'reminder' ? { template, app_type: appType, kind } : { template, app_type: appType };
    const answer = await apiJson<typeof calls.previewTemplate>('POST', '/api/config/template/preview', body);
    if (answer.success) return answer.preview;
    notify(answer.error || MESSAGES.previewError + 'no preview');
  } catch (error) {
    notify(MESSAGES.previewError + (error instanceof Error ? error.message : String(error)));
  }
  return undefined;
}

export function sortSettings(rows: readonly Setting[]): Setting[] {
  return [...rows].sort((a, b) => a.config_key.localeCompare(b.config_key));
}
