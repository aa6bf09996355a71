/**
 * Everything that belongs to the shop owner: contacts, checkout links and video ids.
 * Change the values here; every page reads them from this one module.
 */

export type LoopBotPlanName = 'Trial 4 Hari' | '1 Bulan' | '3 Bulan' | '6 Bulan' | '1 Tahun' | 'Lifetime';
export type LoopStreamPlanName = 'Set 1' | 'Set 2' | 'Set 3';

export type SiteSettings = {
  /** Public address of the site, used for canonical links, Open Graph and the sitemap. */
  siteUrl: string;
  brandName: string;
  supportEmail: string;
  /** International format without "+" or spaces, as wa.me expects it. */
  whatsappNumber: string;
  /** Text pre-filled in the WhatsApp chat. */
  whatsappGreeting: string;
  facebookUrl: string;
  telegramUrl: string;
  /** Marketplace checkout page for each plan; opened in a new tab. */
  checkout: {
    loopBot: Record<LoopBotPlanName, string>;
    loopStream: Record<LoopStreamPlanName, string>;
    /** LoopBOT + LoopStream bundle. */
    combo: string;
  };
  /** YouTube video ids (the part after `watch?v=`). */
  videos: {
    loopBotDemo: string;
    loopStreamDemo: string;
    tutorialSetup: string;
    tutorialClientSecret: string;
  };
};

export const SITE_SETTINGS: SiteSettings = {
  siteUrl: 'https://loopbot.id',
  brandName: 'LoopBOT',
  supportEmail: 'support@loopbot.id',
  whatsappNumber: '6281234567890',
  whatsappGreeting: 'Halo Admin, saya mau tanya tentang LoopBOT/LoopStream.',
  facebookUrl: 'https://www.facebook.com/loopbot.id',
  telegramUrl: 'https://t.me/loopbot_id',
  checkout: {
    loopBot: {
      'Trial 4 Hari': 'https://lynk.id/loopbot/trial-4-hari',
      '1 Bulan': 'https://lynk.id/loopbot/1-bulan',
      '3 Bulan': 'https://lynk.id/loopbot/3-bulan',
      '6 Bulan': 'https://lynk.id/loopbot/6-bulan',
      '1 Tahun': 'https://lynk.id/loopbot/1-tahun',
      Lifetime: 'https://lynk.id/loopbot/lifetime',
    },
    loopStream: {
      'Set 1': 'https://lynk.id/loopbot/loopstream-set-1',
      'Set 2': 'https://lynk.id/loopbot/loopstream-set-2',
      'Set 3': 'https://lynk.id/loopbot/loopstream-set-3',
    },
    combo: 'https://lynk.id/loopbot/combo-loopbot-loopstream',
  },
  videos: {
    loopBotDemo: 'M7lc1UVf-VE',
    loopStreamDemo: 'M7lc1UVf-VE',
    tutorialSetup: 'M7lc1UVf-VE',
    tutorialClientSecret: 'M7lc1UVf-VE',
  },
};
