import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { formatNumber } from '../format';
import { store } from '../state/store';
import type { Stats } from '../../../contract/licenses';

const CARDS: ReadonlyArray<{ key: keyof Stats; label: string; tone: string }> = [
  { key: 'total_licenses', label: 'Total Licenses', tone: 'blue' },
  { key: 'active_licenses', label: 'Active Licenses', tone: 'green' },
  { key: 'expired_licenses', label: 'Expired Licenses', tone: 'red' },
  { key: 'activated_licenses', label: 'Activated Devices', tone: 'violet' },
];

export function StatCards(): ReactElement {
  const { stats } = useSnapshot(store);
  return (
    <section className="stat-grid" aria-label="Licence statistics">
      {CARDS.map((card) => (
        <div key={card.key} className={`stat-card stat-${card.tone}`} data-stat={card.key}>
          <span className="stat-label">{card.label}</span>
          <span className="stat-value">{stats ? formatNumber(stats[card.key]) : '—'}</span>
        </div>
      ))}
    </section>
  );
}
