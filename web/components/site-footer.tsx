import type { ReactElement } from 'react';
import { mailtoUrl, whatsappUrl } from '../content/links';
import { storefront } from '../content/storefront';
import { PATHS } from '../../contract/rules/paths';
import { ExternalLink } from './external-link';
import { Icon } from './icon';
import type { IconName } from './icon';
import { Logo } from './logo';

export function SiteFooter(): ReactElement {
  const { contacts } = storefront();
  // WhatsApp always; a social link only when the owner set its address.
  const channels: { href: string; icon: IconName; text: string }[] = [
    { href: whatsappUrl(), icon: 'whatsapp', text: 'Chat WhatsApp' },
    { href: contacts.facebook_url, icon: 'facebook', text: 'Facebook' },
    { href: contacts.telegram_url, icon: 'telegram', text: 'Telegram' },
  ];
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a href={PATHS.home} className="logo logo-light" aria-label="LoopBOT, ke beranda">
            <Logo />
          </a>
          <p>Otomatisasi live streaming YouTube untuk kreator Indonesia: jadwal rapi, channel online 24/7.</p>
        </div>
        <div className="footer-nav">
          <h2 className="footer-title">Navigasi</h2>
          <ul>
            <li>
              <a href={PATHS.loopBot}>LoopBOT</a>
            </li>
            <li>
              <a href={PATHS.loopStream}>LoopStream</a>
            </li>
            <li>
              <a href={PATHS.tutorial}>Tutorial</a>
            </li>
            <li>
              <a href={PATHS.help}>Help Center</a>
            </li>
            <li>
              <a href={PATHS.licenses}>Cek Lisensi</a>
            </li>
          </ul>
        </div>
        <div className="footer-contact">
          <h2 className="footer-title">Kontak</h2>
          <ul>
            <li>
              <a href={mailtoUrl()}>
                <Icon name="mail" size={16} /> {contacts.support_email}
              </a>
            </li>
            {channels
              .filter((channel) => channel.href !== '')
              .map((channel) => (
                <li key={channel.icon}>
                  <ExternalLink href={channel.href}>
                    <Icon name={channel.icon} size={16} /> {channel.text}
                  </ExternalLink>
                </li>
              ))}
          </ul>
        </div>
        <div className="footer-legal">
          <h2 className="footer-title">Legal</h2>
          <ul>
            <li>
              <a href={PATHS.privacyPolicy}>Privacy Policy</a>
            </li>
            <li>
              <a href={PATHS.termsOfUse}>Terms of Use</a>
            </li>
          </ul>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>© 2025 LoopBOT &amp; LoopStream. Hak cipta dilindungi.</p>
      </div>
    </footer>
  );
}
