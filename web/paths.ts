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
  admin: '/admin',
} as const;
