/**
 * What a customer message is filled from: the Settings rows it reads, the shop's contacts from
 * the storefront catalogue (`{whatsapp_url}`, `{support_email}`), so a message names the same
 * WhatsApp chat and address as the public pages, and the shop's own address (PUBLIC_URL), whose
 * pages stand in for a link the owner left empty, and its /lisensi page, which every buyer e-mail ends with.
 */
import { settingValues } from '../../data/settings';
import type { Sql } from '../../data/store';
import type { ServerConfig } from '../config';
import { readStorefrontValues } from '../../data/storefront-values';
import type { Settings } from './license-message';
import { ACCOUNT_URL_KEY, CONTACT_KEY, SHOP_URL_KEY } from './message-settings';
import { accountUrl } from '../shared/account-url';
import { whatsappChatLink } from '../../contract/rules/addresses';

/** The Settings rows `keys` plus the shop's contacts and address. */
export async function loadMessageSettings(
  ctx: { db: Sql; config: Pick<ServerConfig, 'publicUrl'> },
  keys: readonly string[],
): Promise<Settings> {
  const { db } = ctx;
  const settings = await settingValues(db, [...keys]);
  settings.set(SHOP_URL_KEY, ctx.config.publicUrl);
  settings.set(ACCOUNT_URL_KEY, accountUrl(ctx.config));
  const { contacts } = await readStorefrontValues(db);
  // Without a pre-filled text: it stays short in an e-mail.
  settings.set(CONTACT_KEY.whatsapp_url, contacts.whatsapp_number ? whatsappChatLink(contacts.whatsapp_number) : '');
  settings.set(CONTACT_KEY.support_email, contacts.support_email);
  return settings;
}
