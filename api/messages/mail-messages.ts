/**
 * The e-mails customers receive: the licence message of a new key (the same text as the .txt
 * download), a free trial's and a paid extension's own texts, and the renewal reminder, each with
 * its subject. Reminder templates live in Settings beside the licence templates and take the same
 * variables plus `{renew_url}`.
 */
import type { AppType } from '../../contract/calls/licenses';
import { PRODUCT_NAMES } from '../../contract/rules/products';
import { formatExpiryForCustomers } from '../../contract/rules/shop-time';
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
import { CONTACT_KEY } from './message-settings';

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

/** "Butuh bantuan?" with the shop's WhatsApp chat and support address, whichever it has. */
export function helpLine(settings: Settings): string {
  const whatsapp = settings.get(CONTACT_KEY.whatsapp_url) ?? '';
  const email = settings.get(CONTACT_KEY.support_email) ?? '';
  const ways = [whatsapp && `WhatsApp: ${whatsapp}`, email && `e-mail ${email}`].filter(Boolean).join(' atau ');
  return ways ? `Butuh bantuan? Hubungi admin melalui ${ways}` : 'Butuh bantuan? Balas e-mail ini.';
}

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

/** The lines every licence e-mail of our own words carries: the key, the app's links, help. */
function keyAndLinks(license: LicenseText, settings: Settings, timeZone: string): string[] {
  const values = templateValues(license.app_type, license.license_key, license.expired_date, settings, timeZone);
  return [
    `Kunci lisensi: ${license.license_key}`,
    '',
    `Unduh ${PRODUCT_NAMES[license.app_type]}: ${values.download_url}`,
    `Tutorial pemasangan: ${values.tutorial_url}`,
  ];
}

/**
 * A free trial's licence e-mail: what started (a free trial of so many days, until when), never the
 * purchase thanks of the licence template, and how to keep the same key by buying.
 */
export function trialLicenseMail(
  license: LicenseText,
  days: number,
  settings: Settings,
  timeZone: string,
  accountUrl?: string,
): MailText {
  const until = formatExpiryForCustomers(license.expired_date, timeZone);
  return {
    subject: 'Uji coba gratis LoopBOT Anda sudah aktif',
    body: withAccountLink(
      [
        'Halo,',
        '',
        `Uji coba gratis LoopBOT Anda sudah aktif: ${days} hari, sampai ${until}. Gratis, tanpa tagihan.`,
        '',
        ...keyAndLinks(license, settings, timeZone),
        '',
        'Uji coba gratis hanya bisa diaktifkan di satu perangkat yang belum pernah memakai uji coba.',
        'Ingin lanjut? Beli paket LoopBOT dengan alamat e-mail ini: kunci yang sama diperpanjang, tanpa aktivasi ulang.',
        helpLine(settings),
      ].join('\n'),
      accountUrl,
    ),
  };
}

/**
 * A paid extension of the buyer's licence: the same key, its new end and the old one, and that
 * nothing needs doing in the app; not the purchase text of a new key.
 */
export function renewalMail(
  license: LicenseText,
  previousExpiry: string,
  settings: Settings,
  timeZone: string,
  accountUrl?: string,
): MailText {
  const until = formatExpiryForCustomers(license.expired_date, timeZone);
  return {
    subject: `Lisensi ${PRODUCT_NAMES[license.app_type]} Anda diperpanjang sampai ${until}`,
    body: withAccountLink(
      [
        'Halo,',
        '',
        `Terima kasih, pembayaran Anda sudah kami terima. Lisensi ${PRODUCT_NAMES[license.app_type]} Anda sudah diperpanjang: kuncinya tetap sama, kini berlaku sampai ${until} (sebelumnya sampai ${formatExpiryForCustomers(previousExpiry, timeZone)}).`,
        '',
        ...keyAndLinks(license, settings, timeZone),
        '',
        'Tidak perlu memasang ulang atau mengaktifkan ulang: aplikasi di perangkat Anda menerima masa berlaku yang baru saat berikutnya terhubung ke internet.',
        helpLine(settings),
      ].join('\n'),
      accountUrl,
    ),
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
