import {
  CONTACT_KEY,
  DEFAULT_TEMPLATES,
  DOWNLOAD_URL_KEY,
  FALLBACK_PAGES,
  PRODUCT_PAGES,
  SHOP_URL_KEY,
  TEMPLATE_KEY,
  TUTORIAL_URL_KEY,
} from './message-settings';
import { DEFAULT_TIME_ZONE, formatExpiryForCustomers } from '../../contract/rules/shop-time';
import type { AppType } from '../../contract/calls/licenses';
import type { TEMPLATE_VARIABLES } from '../../contract/rules/vocabulary';

/** Settings by key, as read from the configs table. */
export type Settings = ReadonlyMap<string, string>;

export type TemplateValues = Record<(typeof TEMPLATE_VARIABLES)[number], string>;

/** The setting keys a licence message of this app type reads. */
export function messageSettingKeys(appType: AppType): string[] {
  return [TEMPLATE_KEY[appType], DOWNLOAD_URL_KEY[appType], TUTORIAL_URL_KEY[appType]];
}

/**
 * Replaces `{name}` for the known names in one pass: unknown placeholders stay as they are, and a
 * value that itself contains `{...}` is never expanded again.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
}

/** The setting's value, or `fallback` when it is missing or blank. */
export function setting(settings: Settings, key: string, fallback: string): string {
  const value = settings.get(key);
  return value === undefined || value.trim() === '' ? fallback : value;
}

/** A page of the shop at its own address (PUBLIC_URL, in Settings through loadMessageSettings). */
export function shopPage(settings: Settings, path: string): string {
  return `${settings.get(SHOP_URL_KEY) ?? ''}${path}`;
}

/** The product's own page (`/loopbot`, `/loopstream`), where its plans are sold. */
export function productPage(settings: Settings, appType: AppType): string {
  return shopPage(settings, PRODUCT_PAGES[appType]);
}

/** A link setting, or the shop's own page standing in for it while it is empty (docs/spec.md#default-settings). */
function linkSetting(settings: Settings, key: string): string {
  return setting(settings, key, shopPage(settings, FALLBACK_PAGES[key]!));
}

/**
 * Values for a licence of `appType`: configured URLs (or the shop's own pages), the expiry in Indonesian
 * in the shop's zone, and the shop's contacts (settings read by loadMessageSettings).
 */
export function templateValues(
  appType: AppType,
  licenseKey: string,
  expiredDate: string,
  settings: Settings,
  timeZone = DEFAULT_TIME_ZONE,
): TemplateValues {
  return {
    license_key: licenseKey,
    expired_date: formatExpiryForCustomers(expiredDate, timeZone),
    download_url: linkSetting(settings, DOWNLOAD_URL_KEY[appType]),
    tutorial_url: linkSetting(settings, TUTORIAL_URL_KEY[appType]),
    whatsapp_url: settings.get(CONTACT_KEY.whatsapp_url) ?? '',
    support_email: settings.get(CONTACT_KEY.support_email) ?? '',
  };
}

/** The line that sends a buyer to /lisensi, under every licence text and reminder when the shop's address is known. */
export function withAccountLink(text: string, accountUrl: string | undefined): string {
  return accountUrl ? `${text.replace(/\s+$/, '')}\n\nCek lisensi Anda: ${accountUrl}\n` : text;
}

/**
 * The text of a licence's download: its app type's template, or the default one when none is set,
 * then the /lisensi line (docs/spec.md#buyer-account).
 */
export function licenseMessage(
  license: { app_type: AppType; license_key: string; expired_date: string },
  settings: Settings,
  timeZone = DEFAULT_TIME_ZONE,
  accountUrl?: string,
): string {
  const template = setting(settings, TEMPLATE_KEY[license.app_type], DEFAULT_TEMPLATES[license.app_type]);
  return withAccountLink(
    fillTemplate(
      template,
      templateValues(license.app_type, license.license_key, license.expired_date, settings, timeZone),
    ),
    accountUrl,
  );
}
