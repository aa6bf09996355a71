import { randomInt } from 'node:crypto';
import type { AppType } from '../../contract/calls/licenses';
import { INSTALL_PATH, PATHS } from '../../contract/rules/paths';

export type SettingDefault = { config_key: string; config_value: string; description: string };

export const TEMPLATE_KEY: Record<AppType, string> = { loopbot: 'loopbot_template', loopstream: 'loopstream_template' };
export const DOWNLOAD_URL_KEY: Record<AppType, string> = {
  loopbot: 'loopbot_download_url',
  loopstream: 'loopstream_download_url',
};
export const TUTORIAL_URL_KEY: Record<AppType, string> = {
  loopbot: 'loopbot_tutorial_url',
  loopstream: 'loopstream_tutorial_url',
};
/** Where each product is sold: a reminder's last resort for its renewal link. */
export const PRODUCT_PAGES: Record<AppType, string> = { loopbot: PATHS.loopBot, loopstream: PATHS.loopStream };
/**
 * Not rows: the shop's contacts, which loadMessageSettings adds to a message's Settings from the storefront (a
 * setting's key is snake_case, so a dot never collides with one).
 */
export const CONTACT_KEY = { whatsapp_url: 'contact.whatsapp_url', support_email: 'contact.support_email' } as const;
/** The shop's address inside Settings (a dot, like the contacts). */
export const SHOP_URL_KEY = 'shop.public_url';
/** /lisensi at the shop's address (accountUrl), inside Settings: every e-mail to a buyer ends with it. */
export const ACCOUNT_URL_KEY = 'shop.account_url';
export const LOOPSTREAM_USERNAME_KEY = 'loopstream_default_username';
export const LOOPSTREAM_PASSWORD_KEY = 'loopstream_default_password';

/** Used when a template is not configured (or left empty), so a download always has a message. */
export const DEFAULT_TEMPLATES: Record<AppType, string> = {
  loopbot: [
    'Terima kasih telah membeli LoopBOT!',
    '',
    'Kunci lisensi: {license_key}',
    'Berlaku sampai: {expired_date}',
    '',
    'Unduh LoopBOT: {download_url}',
    'Tutorial pemasangan: {tutorial_url}',
    '',
    'Satu lisensi berlaku untuk satu perangkat. Jangan bagikan kunci ini kepada orang lain.',
    'Butuh bantuan? Hubungi admin melalui WhatsApp: {whatsapp_url} atau e-mail {support_email}',
  ].join('\n'),
  loopstream: [
    'Terima kasih telah berlangganan LoopStream!',
    '',
    'Kunci lisensi: {license_key}',
    'Berlaku sampai: {expired_date}',
    '',
    'Aplikasi LoopStream: {download_url}',
    'Tutorial penggunaan: {tutorial_url}',
    '',
    'Jangan bagikan kunci ini kepada orang lain.',
    'Butuh bantuan? Hubungi admin melalui WhatsApp: {whatsapp_url} atau e-mail {support_email}',
  ].join('\n'),
};

/**
 * The shop's own page (under PUBLIC_URL) a licence message links to while a link is missing or empty: never a
 * made-up address. `POST /api/config/initialize` writes the link keys empty, and the dashboard says so until the
 * owner fills them in. A buyer who already paid and clicks "Unduh LoopBOT" gets the install steps, not a sales page.
 */
export const FALLBACK_PAGES: Record<string, string> = {
  [DOWNLOAD_URL_KEY.loopbot]: INSTALL_PATH,
  [TUTORIAL_URL_KEY.loopbot]: PATHS.tutorial,
  [DOWNLOAD_URL_KEY.loopstream]: PATHS.loopStream,
  [TUTORIAL_URL_KEY.loopstream]: PATHS.tutorial,
};

// No 0/O, 1/l/I: customers type this password from a text file.
const PASSWORD_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

export function generateAccessPassword(length = 14): string {
  let password = '';
  for (let index = 0; index < length; index++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}

/**
 * Every default `POST /api/config/initialize` writes when missing. The LoopStream password is drawn
 * afresh on each call; only a call that actually creates the key stores it.
 */
export function settingDefaults(): SettingDefault[] {
  return [
    {
      config_key: DOWNLOAD_URL_KEY.loopbot,
      config_value: '',
      description: 'LoopBOT download link in licence messages',
    },
    {
      config_key: TUTORIAL_URL_KEY.loopbot,
      config_value: '',
      description: 'LoopBOT tutorial link in licence messages',
    },
    {
      config_key: DOWNLOAD_URL_KEY.loopstream,
      config_value: '',
      description: 'LoopStream app link in licence messages',
    },
    {
      config_key: TUTORIAL_URL_KEY.loopstream,
      config_value: '',
      description: 'LoopStream tutorial link in licence messages',
    },
    {
      config_key: TEMPLATE_KEY.loopbot,
      config_value: DEFAULT_TEMPLATES.loopbot,
      description:
        'LoopBOT licence message: {license_key} {expired_date} {download_url} {tutorial_url} {whatsapp_url} {support_email}',
    },
    {
      config_key: TEMPLATE_KEY.loopstream,
      config_value: DEFAULT_TEMPLATES.loopstream,
      description:
        'LoopStream licence message: {license_key} {expired_date} {download_url} {tutorial_url} {whatsapp_url} {support_email}',
    },
    {
      config_key: LOOPSTREAM_USERNAME_KEY,
      config_value: 'admin',
      description: 'Default user name in LoopStream access files',
    },
    {
      config_key: LOOPSTREAM_PASSWORD_KEY,
      config_value: generateAccessPassword(),
      description: 'Default password in LoopStream access files (generated; change it if you like)',
    },
  ];
}
