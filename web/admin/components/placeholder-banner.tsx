import { useEffect } from 'react';
import type { MouseEvent, ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { Setting } from '../../../contract/calls/settings';
import type { Snapshot } from 'valtio';
import type { Storefront } from '../../../contract/calls/storefront';
import { selectTab } from '../state/navigation';
import { loadStorefront } from '../state/storefront';
import { CONTACT_LABELS, planLabel, VIDEO_LABELS } from '../state/storefront-labels';
import { store } from '../state/store';
import type { Tab } from '../state/store';
import { contactFieldId, videoFieldId } from '../tabs/storefront-contacts';
import { EARNINGS_FILE_ID } from '../tabs/storefront-earnings';
import { planFieldId } from '../tabs/storefront-plans';
import { isUrlKey } from '../../../contract/rules/addresses';
import { PAYMENTS_OFF_TEXT } from '../tabs/payments-notice';

/** One thing still at its shipped value, and the field where the owner fixes it. */
export type Placeholder = { text: string; tab: Tab; focus: string };

/** A storefront placeholder as the API names it (`contacts.whatsapp_number`, `plans[id].checkout_url`...). */
function storefrontItem(name: string, storefront: Snapshot<Storefront> | null): Placeholder | undefined {
  const contact = /^contacts\.(\w+)$/.exec(name)?.[1] as keyof Storefront['contacts'] | undefined;
  if (contact && contact in CONTACT_LABELS)
    return {
      text: `${CONTACT_LABELS[contact]} is still the sample`,
      tab: 'storefront',
      focus: `#${contactFieldId(contact)}`,
    };
  const video = /^videos\.(\w+)$/.exec(name)?.[1] as keyof Storefront['videos'] | undefined;
  if (video && video in VIDEO_LABELS)
    return {
      text: `${VIDEO_LABELS[video]} is still the sample video`,
      tab: 'storefront',
      focus: `#${videoFieldId(video)}`,
    };
  const planId = /^plans\[(.+)\]\.checkout_url$/.exec(name)?.[1];
  const plan = storefront?.plans.find((item) => item.id === planId);
  if (plan)
    return {
      text: `Checkout link of ${planLabel(plan)} is still the sample`,
      tab: 'storefront',
      focus: `#${planFieldId(plan, 'checkout')}`,
    };
  if (name === 'earnings_image')
    return {
      text: 'The earnings screenshot is still the sample image',
      tab: 'storefront',
      focus: `#${EARNINGS_FILE_ID}`,
    };
  return undefined;
}

/**
 * What an empty link's messages show instead, in words (api/messages/message-settings.ts FALLBACK_PAGES
 * holds the paths; the browser never imports api/).
 */
const ownPage = (key: string): string =>
  key === 'loopbot_download_url' ? 'the install steps on /tutorial#instal' : "the shop's own page";

/** Links in licence messages that are empty or still point at example.com. */
function settingItems(settings: readonly Setting[], loaded: boolean): Placeholder[] {
  const links = settings.filter((setting) => isUrlKey(setting.config_key));
  if (loaded && links.length === 0) {
    return [
      {
        text: 'Download and tutorial links of licence messages are not set (Initialize Defaults, then fill them in)',
        tab: 'settings',
        focus: '.panel-head .button',
      },
    ];
  }
  return links
    .filter(
      (setting) =>
        setting.config_value.trim() === '' ||
        /^https?:\/\/([^/]+\.)?example\.com(\/|$)/i.test(setting.config_value.trim()),
    )
    .map((setting) => ({
      // An empty link is not broken (messages link to the shop's own page meanwhile), but it is not the owner's yet.
      text: `Setting ${setting.config_key} ${setting.config_value.trim() === '' ? `is empty: messages link to ${ownPage(setting.config_key)} meanwhile` : 'still points at example.com'}`,
      tab: 'settings' as const,
      focus: `li[data-config-key="${setting.config_key}"] .actions .button:last-child`,
    }));
}

export function placeholderItems(
  names: readonly string[],
  storefront: Snapshot<Storefront> | null,
  settings: readonly Setting[],
  settingsLoaded: boolean,
): Placeholder[] {
  return [
    ...names.flatMap((name) => storefrontItem(name, storefront) ?? []),
    ...settingItems(settings, settingsLoaded),
  ];
}

function goTo(event: MouseEvent, item: Placeholder): void {
  event.preventDefault();
  selectTab(item.tab);
  // After the tab has rendered: the field itself gets the focus.
  setTimeout(() => {
    const target = document.querySelector<HTMLElement>(item.focus);
    target?.scrollIntoView({ block: 'center' });
    target?.focus();
  }, 50);
}

/** One banner while anything the shop shows or sends is still a shipped placeholder. */
export function PlaceholderBanner(): ReactElement | null {
  const { storefront, settings, orderStats } = useSnapshot(store);
  const paymentsOff = orderStats?.payments_configured === false;
  useEffect(() => {
    if (!store.storefront.saved) void loadStorefront();
  }, []);
  const items = placeholderItems(
    storefront.placeholders,
    storefront.saved,
    settings.rows,
    !settings.loading && storefront.saved !== null,
  );
  if (items.length === 0 && !paymentsOff) return null;
  return (
    <section className="placeholder-banner" aria-label="Sample values" data-testid="placeholder-banner">
      {/* One line when closed: a fresh install has about twenty items, a phone screen's worth. */}
      <details>
        <summary>
          {items.length === 1 ? '1 sample value still shown' : `${items.length} sample values still shown`}
        </summary>
        {paymentsOff ? (
          <p data-payments-off="">
            Payments: <code>LYNK_MERCHANT_KEY</code> is not set: {PAYMENTS_OFF_TEXT}
          </p>
        ) : null}
        <p>Visitors and customers see these until you change them. Each line opens its field:</p>
        <ul>
          {items.map((item) => (
            <li key={item.text}>
              <a href={`#${item.tab}`} onClick={(event) => goTo(event, item)}>
                {item.text}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
