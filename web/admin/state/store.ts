import { proxy } from 'valtio';
import type { Setting } from '../../../contract/calls/settings';
import type { License, LicenseFilter, Stats } from '../../../contract/calls/licenses';
import type { MailMessage, MailStatus } from '../../../contract/calls/mail';
import type { Order, OrderStats, OrderStatus } from '../../../contract/calls/orders';
import type { Loopstream } from '../../../contract/calls/loopstreams';
import type { Prompt } from '../../../contract/calls/prompts';
import type { Storefront } from '../../../contract/calls/storefront';
import { DEFAULT_TIME_ZONE } from '../../../contract/rules/shop-time';
import { emptyPagedList } from './paged-list';
import type { FilteredList, PagedList } from './paged-list';

/** A refused Storefront save, under the field it names (see storefront-errors.ts). */
export type FieldError = { path: string; text: string };

export const TABS = [
  'licenses',
  'loopstream',
  'prompts',
  'settings',
  'storefront',
  'orders',
  'insights',
  'activity',
] as const;
export type Tab = (typeof TABS)[number];

export const LICENSE_PAGE_SIZE = 50;
export const PROMPT_PAGE_SIZE = 100;

export type AdminState = {
  session: { checked: boolean; loggedIn: boolean; busy: boolean };
  tab: Tab;
  /** The shop's time zone (GET /api/time-zone): dates are shown and typed in it. */
  timeZone: string;
  stats: Stats | null;
  /** Orders and e-mail counts, beside the licence stats. */
  orderStats: OrderStats | null;
  licenses: FilteredList<License, LicenseFilter>;
  loopstreams: { rows: Loopstream[]; search: string; loading: boolean };
  settings: { rows: Setting[]; loading: boolean };
  prompts: PagedList<Prompt>;
  orders: FilteredList<Order, OrderStatus>;
  /** The outbox. */
  mail: FilteredList<MailMessage, MailStatus>;
  /** Upload progress of the prompt form, 0..1; null when no upload runs. */
  upload: { progress: number | null };
  /** The catalogue as saved, the owner's unsaved draft of it, what is still a shipped placeholder, and the field a save was refused for. */
  storefront: {
    saved: Storefront | null;
    draft: Storefront | null;
    placeholders: string[];
    loading: boolean;
    saving: boolean;
    uploadProgress: number | null;
    fieldError: FieldError | null;
  };
};

function emptyData(): Omit<AdminState, 'session' | 'tab' | 'timeZone'> {
  return {
    stats: null,
    orderStats: null,
    licenses: { ...emptyPagedList(), status: '' },
    loopstreams: { rows: [], search: '', loading: false },
    settings: { rows: [], loading: false },
    prompts: emptyPagedList(),
    orders: { ...emptyPagedList(), status: '' },
    mail: { ...emptyPagedList(), status: '' },
    upload: { progress: null },
    storefront: {
      saved: null,
      draft: null,
      placeholders: [],
      loading: false,
      saving: false,
      uploadProgress: null,
      fieldError: null,
    },
  };
}

/** The one store of the dashboard. Components read it with useSnapshot and change it only through actions. */
export const store = proxy<AdminState>({
  session: { checked: false, loggedIn: false, busy: false },
  tab: 'licenses',
  timeZone: DEFAULT_TIME_ZONE,
  ...emptyData(),
});

/** Forgets every list and the stats (logout, expired session). */
export function clearData(): void {
  Object.assign(store, emptyData());
}

export function isTab(value: string): value is Tab {
  return (TABS as readonly string[]).includes(value);
}
