import type { ComponentType } from 'react';
import type { PublicPage } from '../../contract/rules/paths';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * Each public page's module, which the server renderer loads to prerender the page. `source` names
 * it as the build manifest does, for the page's own stylesheets.
 */
export const PAGE_MODULES: Record<PublicPage, { source: string; load: PageLoader }> = {
  home: { source: 'web/pages/home.tsx', load: () => import('./home') },
  loopBot: { source: 'web/pages/loop-bot.tsx', load: () => import('./loop-bot') },
  loopStream: { source: 'web/pages/loop-stream.tsx', load: () => import('./loop-stream') },
  prompts: { source: 'web/pages/prompts.tsx', load: () => import('./prompts') },
  tutorial: { source: 'web/pages/tutorial.tsx', load: () => import('./tutorial') },
  help: { source: 'web/pages/help.tsx', load: () => import('./help') },
  privacyPolicy: { source: 'web/pages/privacy-policy.tsx', load: () => import('./privacy-policy') },
  termsOfUse: { source: 'web/pages/terms-of-use.tsx', load: () => import('./terms-of-use') },
  licenses: { source: 'web/pages/licenses.tsx', load: () => import('./licenses') },
};
