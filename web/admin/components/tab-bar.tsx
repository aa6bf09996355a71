import { useRef } from 'react';
import type { KeyboardEvent, ReactElement } from 'react';
import { selectTab } from '../state/navigation';
import { TABS } from '../state/store';
import type { Tab } from '../state/store';

export const TAB_LABELS: Record<Tab, string> = {
  licenses: 'License Management',
  loopstream: 'LoopStream UI',
  prompts: 'Prompt AI',
  settings: 'Settings & Config',
  storefront: 'Storefront',
  orders: 'Orders',
  insights: 'Insights',
  activity: 'Activity',
};

export const tabId = (tab: Tab): string => `tab-${tab}`;
export const panelId = (tab: Tab): string => `panel-${tab}`;

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs (automatic activation). */
export function TabBar({ current }: { current: Tab }): ReactElement {
  const listRef = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const index = TABS.indexOf(current);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = TABS[(target + TABS.length) % TABS.length]!;
    selectTab(next);
    listRef.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
  }

  return (
    <div ref={listRef} className="tab-bar" role="tablist" aria-label="Dashboard sections" onKeyDown={onKeyDown}>
      {TABS.map((tab) => (
        <button
          key={tab}
          id={tabId(tab)}
          type="button"
          role="tab"
          className="tab"
          aria-selected={tab === current}
          aria-controls={tab === current ? panelId(tab) : undefined}
          tabIndex={tab === current ? 0 : -1}
          onClick={() => selectTab(tab)}
        >
          {TAB_LABELS[tab]}
        </button>
      ))}
    </div>
  );
}
