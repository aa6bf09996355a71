import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { formatNumber } from '../format';
import { backupAttention, backups } from '../state/backups';
import { guessingAttention, security } from '../state/security';
import { store } from '../state/store';
import type { Stats } from '../../../contract/calls/licenses';
import type { OrderStats } from '../../../contract/calls/orders';

const CARDS: ReadonlyArray<{ key: keyof Stats; label: string; tone: string }> = [
  { key: 'total_licenses', label: 'Total Licenses', tone: 'blue' },
  { key: 'active_licenses', label: 'Active Licenses', tone: 'green' },
  { key: 'expired_licenses', label: 'Expired Licenses', tone: 'red' },
  { key: 'activated_licenses', label: 'Activated Devices', tone: 'violet' },
  // Free trials apart from paid licences; a trial refused on its device is neither.
  { key: 'paid_active_licenses', label: 'Active Paid', tone: 'green' },
  { key: 'trial_active_licenses', label: 'Active Trials', tone: 'blue' },
];

const ORDER_CARDS: ReadonlyArray<{
  key: keyof Pick<OrderStats, 'orders_today' | 'needs_attention'>;
  label: string;
  tone: string;
}> = [
  { key: 'orders_today', label: 'Orders Today', tone: 'blue' },
  { key: 'needs_attention', label: 'Needs Attention', tone: 'red' },
];

function Card({
  name,
  label,
  tone,
  value,
}: {
  name: string;
  label: string;
  tone: string;
  value: number | undefined;
}): ReactElement {
  return (
    <div className={`stat-card stat-${tone}`} data-stat={name}>
      <span className="stat-label">{label}</span>
      <span className="stat-value">{value === undefined ? '—' : formatNumber(value)}</span>
    </div>
  );
}

export function StatCards(): ReactElement {
  const { stats, orderStats } = useSnapshot(store);
  // Backups that need the owner and codes being guessed count beside the orders and e-mails.
  const { state: backupState } = useSnapshot(backups);
  const { overview } = useSnapshot(security);
  const extra = { orders_today: 0, needs_attention: backupAttention(backupState) + guessingAttention(overview) };
  return (
    <section className="stat-grid" aria-label="Statistics">
      {CARDS.map((card) => (
        <Card key={card.key} name={card.key} label={card.label} tone={card.tone} value={stats?.[card.key]} />
      ))}
      {ORDER_CARDS.map((card) => (
        <Card
          key={card.key}
          name={card.key}
          label={card.label}
          tone={card.tone}
          value={orderStats ? orderStats[card.key] + extra[card.key] : undefined}
        />
      ))}
    </section>
  );
}
