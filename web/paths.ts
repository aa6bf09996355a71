/** Every route of the site, used by both <Route> and <Link>. */
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

/** The free trial form on /loopbot: the home page's "Coba Gratis Sekarang" and the header lead there. */
export const TRIAL_ANCHOR = 'coba-gratis';
