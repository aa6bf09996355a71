import { GlobalRegistrator } from '@happy-dom/global-registrator';

/** Import first in component tests: gives them window, document and friends. */
if (typeof window === 'undefined') GlobalRegistrator.register({ url: 'http://localhost:3000/' });
