import type { ReactElement } from 'react';
import { checkoutUrl } from '../content/checkout-url';
import type { LoopBotPlan, LoopStreamPlan } from '../content/plans';
import { formatRupiah } from '../format';
import { ExternalLink } from './external-link';
import { Icon } from './icon';

function PopularBadge(): ReactElement {
  return (
    <span className="plan-badge">
      <Icon name="star" size={14} /> Paling Populer
    </span>
  );
}

const buyLabel = (name: string): string => (name.startsWith('Trial') ? 'Mulai Trial' : 'Beli Sekarang');

export function LoopBotPriceCards({ plans }: { plans: readonly LoopBotPlan[] }): ReactElement {
  return (
    <ul className="price-grid">
      {plans.map((plan) => (
        <li key={plan.name} className={`card price-card${plan.popular ? ' popular' : ''}${plan.comingSoon ? ' soon' : ''}`}>
          {plan.popular && <PopularBadge />}
          {plan.comingSoon && <span className="plan-badge muted">Segera Hadir</span>}
          <h3 className="plan-name">{plan.name}</h3>
          <p className="plan-price">
            <span className="price">{formatRupiah(plan.price)}</span>
            {plan.period && <span className="plan-period">/{plan.period}</span>}
          </p>
          <p className="plan-note">
            {plan.perMonth ? `Setara ${formatRupiah(plan.perMonth)}/bulan` : plan.note ?? '\u00a0'}
            {plan.perMonth && plan.note ? ` · ${plan.note}` : ''}
          </p>
          <ul className="plan-perks">
            {plan.perks.map((perk) => (
              <li key={perk}>
                <Icon name="check" size={16} /> {perk}
              </li>
            ))}
          </ul>
          {plan.comingSoon ? (
            <button type="button" className="btn btn-block btn-disabled" disabled>
              Segera Hadir
            </button>
          ) : (
            <ExternalLink href={checkoutUrl('loopbot', plan.name)} className={`btn btn-block ${plan.popular ? 'btn-primary' : 'btn-outline'}`} label={`${buyLabel(plan.name)} LoopBOT ${plan.name} (tab baru)`}>
              {buyLabel(plan.name)}
            </ExternalLink>
          )}
        </li>
      ))}
    </ul>
  );
}

export function LoopStreamPriceCards({ plans }: { plans: readonly LoopStreamPlan[] }): ReactElement {
  return (
    <ul className="price-grid cols-3">
      {plans.map((plan) => (
        <li key={plan.name} className={`card price-card${plan.popular ? ' popular' : ''}`}>
          {plan.popular && <PopularBadge />}
          <h3 className="plan-name">{plan.name}</h3>
          <p className="plan-price">
            <span className="price">{formatRupiah(plan.price)}</span>
            <span className="plan-period">/bulan</span>
          </p>
          <p className="plan-note">Pilih salah satu kapasitas live bersamaan:</p>
          <ul className="plan-perks">
            <li><Icon name="check" size={16} /> {plan.streams.hd} stream 720p</li>
            <li><Icon name="check" size={16} /> atau {plan.streams.fullHd} stream 1080p</li>
            <li><Icon name="check" size={16} /> atau {plan.streams.uhd} stream 4K</li>
            <li><Icon name="check" size={16} /> Penyimpanan {plan.storageGb}GB</li>
            <li><Icon name="check" size={16} /> Uptime 99,9% &amp; support 24/7</li>
          </ul>
          <ExternalLink href={checkoutUrl('loopstream', plan.name)} className={`btn btn-block ${plan.popular ? 'btn-primary' : 'btn-outline'}`} label={`Pilih ${plan.name} LoopStream (tab baru)`}>
            Pilih {plan.name}
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
