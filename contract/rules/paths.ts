/** Every route of the public site and the admin: the browser's <Route> and <Link>, the server's links in e-mails and files. */
export const PATHS = {
  home: '/',
  loopBot: '/loopbot',
  loopStream: '/loopstream',
  prompts: '/prompts',
  tutorial: '/tutorial',
  help: '/help',
  privacyPolicy: '/privacy-policy',
  termsOfUse: '/terms-of-use',
  licenses: '/lisensi',
  admin: '/admin',
} as const;

/**
 * The public pages, in the sitemap's order: every path but the admin's. The tables that give each
 * page its module (web/pages/page-modules.ts), its title (web/content/page-meta.ts) and its test
 * (test/browser/public-pages.test.ts) are records over this type: a page added here fails the type
 * check until each has its row.
 */
export type PublicPage = Exclude<keyof typeof PATHS, 'admin'>;
export const PUBLIC_PAGES = (Object.keys(PATHS) as Array<keyof typeof PATHS>).filter(
  (page): page is PublicPage => page !== 'admin',
);

/** The free trial form on /loopbot: the home page's "Coba Gratis Sekarang" and the header lead there. */
export const TRIAL_ANCHOR = 'coba-gratis';

/** The install-and-activate steps on /tutorial: /lisensi and the licence e-mail's download link lead there. */
export const INSTALL_ANCHOR = 'instal';
export const INSTALL_PATH = `${PATHS.tutorial}#${INSTALL_ANCHOR}`;
