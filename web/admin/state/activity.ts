/** The Activity view's state: its filters and page, and the licence whose own entries are open. */
import { proxy } from 'valtio';
import type * as calls from '../../../contract/calls/activity';
import type { ActivityEntry } from '../../../contract/calls/activity';
import type { ActivityAction, ActivityActorKind, ActivityObjectType } from '../../../contract/rules/activity-words';
import type { License } from '../../../contract/calls/licenses';
import { apiJson } from '../api-client';
import { showLicense } from './insights';
import { goToPage, pagedLoader } from './paged-list';
import type { PagedList } from './paged-list';

export const ACTIVITY_PAGE_SIZE = 50;
export const LICENSE_ACTIVITY_PAGE_SIZE = 10;
const TYPING_DELAY_MS = 300;

export type ActivityFilters = {
  actor: ActivityActorKind | '';
  who: string;
  action: ActivityAction | '';
  objectType: ActivityObjectType | '';
  objectId: string;
  /** Shop days (`2026-11-27`) from the date inputs; '' for no bound. */
  from: string;
  to: string;
};

/** `search` is unused (the filters narrow the list) but keeps the shared paged-list helpers' shape. */
export type ActivityList = PagedList<ActivityEntry> & {
  filters: ActivityFilters;
  error: string;
  /** More entries match than the server counts: the pages hold the newest ones. */
  more: boolean;
};

/** A list before its first page arrived. */
const firstPage = (): PagedList<ActivityEntry> => ({
  rows: [],
  total: 0,
  pages: 0,
  page: 1,
  search: '',
  loading: false,
});

export const activity = proxy<ActivityList>({
  ...firstPage(),
  error: '',
  more: false,
  filters: { actor: '', who: '', action: '', objectType: '', objectId: '', from: '', to: '' },
});

export function activityQuery(filters: ActivityFilters, page: number): string {
  const query = new URLSearchParams({ page: String(page), per_page: String(ACTIVITY_PAGE_SIZE) });
  const set = (name: string, value: string): void => {
    if (value.trim()) query.set(name, value.trim());
  };
  set('actor', filters.actor);
  set('who', filters.who);
  set('action', filters.action);
  set('object_type', filters.objectType);
  if (filters.objectType) set('object_id', filters.objectId);
  set('from', filters.from);
  set('to', filters.to);
  return query.toString();
}

export const loadActivity = pagedLoader(
  () => activity,
  async (list) => {
    const answer = await apiJson<typeof calls.listActivity>(
      'GET',
      `/api/activity?${activityQuery(list.filters, list.page)}`,
    ).catch(() => undefined);
    // A refused filter (a period that ends before it starts) says why instead of an empty list.
    list.error = answer && !answer.success ? answer.error : '';
    if (!answer?.success) return answer ? { rows: [], pages: 0, total: 0 } : undefined;
    list.more = answer.more;
    return { rows: answer.entries, pages: answer.pages, total: answer.total };
  },
);

let typing: ReturnType<typeof setTimeout> | undefined;

/** A changed filter: the list restarts at page 1; typed text loads after a pause, a choice at once. */
export function setActivityFilter<Key extends keyof ActivityFilters>(key: Key, value: ActivityFilters[Key]): void {
  activity.filters[key] = value;
  activity.page = 1;
  clearTimeout(typing);
  if (key === 'who' || key === 'objectId') typing = setTimeout(() => void loadActivity(), TYPING_DELAY_MS);
  else void loadActivity();
}

export function clearActivityFilters(): void {
  activity.filters = { actor: '', who: '', action: '', objectType: '', objectId: '', from: '', to: '' };
  activity.page = 1;
  void loadActivity();
}

export function goToActivityPage(page: number): void {
  goToPage(activity, page, loadActivity);
}

/** The licence whose entries are open (its id), and a page of them with the licence as it is now. */
export const licenseActivity = proxy<PagedList<ActivityEntry> & { id: number | null; license: License | null }>({
  id: null,
  license: null,
  ...firstPage(),
});

export const loadLicenseActivity = pagedLoader(
  () => licenseActivity,
  async (list) => {
    if (list.id === null) return undefined;
    const query = `page=${list.page}&per_page=${LICENSE_ACTIVITY_PAGE_SIZE}`;
    const answer = await apiJson<typeof calls.licenseActivity>(
      'GET',
      `/api/license/activity/${list.id}?${query}`,
    ).catch(() => undefined);
    if (!answer?.success) return undefined;
    list.license = answer.license;
    return { rows: answer.entries, pages: answer.pages, total: answer.total };
  },
);

export function openLicenseActivity(id: number): void {
  Object.assign(licenseActivity, { ...firstPage(), id, license: null, failed: false });
  void loadLicenseActivity();
}

export function closeLicenseActivity(): void {
  licenseActivity.id = null;
}

export function goToLicenseActivityPage(page: number): void {
  goToPage(licenseActivity, page, loadLicenseActivity);
}

/** The licence list, searched for this key: where the licence's actions are. */
export function showLicenseInList(licenseKey: string): void {
  closeLicenseActivity();
  showLicense(licenseKey);
}
