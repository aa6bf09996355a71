/**
 * The e-mails customers receive: the licence message (the same text as the .txt download) and
 * the renewal reminder, each with its subject. Reminder templates live in Settings beside the
 * licence templates and take the same variables plus `{renew_url}`.
 */
import type { AppType } from '../../contract/licenses';
import { PRODUCT_NAMES } from '../../contract/products';
import { formatExpiryForCustomers } from '../../contract/shop-time';
import {
  fillTemplate,
  licenseMessage,
  messageSettingKeys,
  productPage,
  setting,
  templateValues,
  withAccountLink,
} from './license-message';
import type { Settings } from './license-message';

export const REMINDER_TEMPLATE_KEY: Record<AppType, string> = {
  loopbot: 'loopbot_reminder_template',
  loopstream: 'loopstream_reminder_template',
};

/** Used when a reminder template is not configured (or left empty). */
export const DEFAULT_REMINDER_TEMPLATES: Record<AppType, string> = {
  loopbot: [
    'Halo,',
    '',
    'Lisensi LoopBOT Anda akan berakhir pada {expired_date}.',
    'Kunci lisensi: {license_key}',
    '',
    'Perpanjang sekarang agar channel Anda tetap live tanpa jeda:',
    '{renew_url}',
    '',
    'Bayar dengan alamat e-mail ini, maka lisensi yang sama diperpanjang otomatis: kunci tidak berubah dan tidak perlu aktivasi ulang.',
    '',
    'Butuh bantuan? Hubungi admin melalui WhatsApp: {whatsapp_url} atau e-mail {support_email}',
  ].join('\n'),
  loopstream: [
    'Halo,',
    '',
    'Langganan LoopStream Anda akan berakhir pada {expired_date}.',
    'Kunci lisensi: {license_key}',
    '',
    'Perpanjang sekarang agar streaming 24/7 Anda tidak terhenti:',
    '{renew_url}',
    '',
    'Butuh bantuan? Hubungi admin melalui WhatsApp: {whatsapp_url} atau e-mail {support_email}',
  ].join('\n'),
};

type LicenseText = { app_type: AppType; license_key: string; expired_date: string };

export type MailText = { subject: string; body: string };

/** Every setting a licence or reminder e-mail of this app type reads. */
export function mailSettingKeys(appType: AppType): string[] {
  return [...messageSettingKeys(appType), REMINDER_TEMPLATE_KEY[appType]];
}

/** The licence message, as downloaded, with its subject. */
export function licenseMail(license: LicenseText, settings: Settings, timeZone: string, accountUrl?: string): MailText {
  return {
    subject: `Lisensi ${PRODUCT_NAMES[license.app_type]} Anda`,
    body: licenseMessage(license, settings, timeZone, accountUrl),
  };
}

/** `{renew_url}`: the checkout link to renew with, else the product's page on the shop (docs/spec.md#renewal-reminders). */
export function renewLink(renewUrl: string, appType: AppType, settings: Settings): string {
  return renewUrl || productPage(settings, appType);
}

/** The renewal reminder: the licence variables plus `{renew_url}`, the link to renew with. */
export function reminderMail(
  license: LicenseText,
  settings: Settings,
  renewUrl: string,
  timeZone: string,
  accountUrl?: string,
): MailText {
  const template = setting(
    settings,
    REMINDER_TEMPLATE_KEY[license.app_type],
    DEFAULT_REMINDER_TEMPLATES[license.app_type],
  );
  const values = {
    ...templateValues(license.app_type, license.license_key, license.expired_date, settings, timeZone),
    renew_url: renewLink(renewUrl, license.app_type, settings),
  };
  const product = license.app_type === 'loopstream' ? 'langganan LoopStream' : 'lisensi LoopBOT';
  return {
    subject: `Pengingat: ${product} Anda berakhir ${formatExpiryForCustomers(license.expired_date, timeZone)}`,
    body: withAccountLink(fillTemplate(template, values), accountUrl),
  };
}
