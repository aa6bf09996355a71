import type { ReactElement } from 'react';
import type { PagePlan } from '../../contract/calls/storefront';
import { periodOf, planNoteOf } from '../content/plans';
import { formatRupiah } from '../format';
import { ExternalLink } from './external-link';
import { Icon } from './icon';

/** Badges, name and price: the top of every card. */
function CardHead({ plan }: { plan: PagePlan }): ReactElement {
  const period = periodOf(plan.duration_days);
  return (
    <>
      {plan.most_popular && (
        <span className="plan-badge">
          <Icon name="star" size={14} /> Paling Populer
        </span>
      )}
      {!plan.available && <span className="plan-badge muted">Segera Hadir</span>}
      <h3 className="plan-name">{plan.name}</h3>
      <p className="plan-price">
        <span className="price">{formatRupiah(plan.price_idr)}</span>
        {period && <span className="plan-period">/{period}</span>}
      </p>
    </>
  );
}

const cardClass = (plan: PagePlan): string =>
  `card price-card${plan.most_popular ? ' popular' : ''}${plan.available ? '' : ' soon'}`;

/**
 * The marketplace link of a plan on sale; a disabled "Segera Hadir" button otherwise (docs/spec.md#plans-not-on-sale),
 * also when its link is empty, so no button leads nowhere. Every buy button of the site is this one.
 */
export function PlanButton({
  plan,
  text,
  label,
  className,
}: {
  plan: PagePlan;
  text: string;
  label: string;
  className: string;
}): ReactElement {
  if (!plan.available || !plan.checkout_url) {
    return (
      <button type="button" className={`${className} btn-disabled`} disabled>
        Segera Hadir
      </button>
    );
  }
  return (
    <ExternalLink href={plan.checkout_url} className={className} label={label}>
      {text}
    </ExternalLink>
  );
}

/** One plan's card: its head, a line under the price, the ticked perks and the buy button. */
function PriceCard(props: {
  plan: PagePlan;
  note: string;
  perks: readonly string[];
  buyText: string;
  buyLabel: string;
}): ReactElement {
  const { plan } = props;
  return (
    <li className={cardClass(plan)}>
      <CardHead plan={plan} />
      <p className="plan-note">{props.note}</p>
      <ul className="plan-perks">
        {props.perks.map((perk) => (
          <li key={perk}>
            <Icon name="check" size={16} /> {perk}
          </li>
        ))}
      </ul>
      <PlanButton
        plan={plan}
        text={props.buyText}
        label={props.buyLabel}
        className={`btn btn-block ${plan.most_popular ? 'btn-primary' : 'btn-outline'}`}
      />
    </li>
  );
}

const buyLabel = (name: string): string => (name.startsWith('Trial') ? 'Mulai Trial' : 'Beli Sekarang');

/** LoopBOT's cards: `plans` are the catalogue's LoopBOT plans, in order. */
export function LoopBotPriceCards({ plans }: { plans: readonly PagePlan[] }): ReactElement {
  return (
    <ul className="price-grid">
      {plans.map((plan) => (
        <PriceCard
          key={plan.id}
          plan={plan}
          note={planNoteOf(plan, plans) || '\u00a0'}
          perks={plan.perks}
          buyText={buyLabel(plan.name)}
          buyLabel={`${buyLabel(plan.name)} LoopBOT ${plan.name} (tab baru)`}
        />
      ))}
    </ul>
  );
}

/** A LoopStream plan's perks: what its server carries (a count the owner left empty shows as nothing). */
function streamPerks(plan: PagePlan): string[] {
  const count = (value: number | null): string => (value === null ? '' : String(value));
  return [
    `${count(plan.streams_720p)} stream 720p`,
    `atau ${count(plan.streams_1080p)} stream 1080p`,
    `atau ${count(plan.streams_4k)} stream 4K`,
    `Penyimpanan ${count(plan.storage_gb)}GB`,
    'Uptime 99,9% & support 24/7',
  ];
}

export function LoopStreamPriceCards({ plans }: { plans: readonly PagePlan[] }): ReactElement {
  return (
    <ul className="price-grid cols-3">
      {plans.map((plan) => (
        <PriceCard
          key={plan.id}
          plan={plan}
          note={plan.note || 'Pilih salah satu kapasitas live bersamaan:'}
          perks={streamPerks(plan)}
          buyText={`Pilih ${plan.name}`}
          buyLabel={`Pilih ${plan.name} LoopStream (tab baru)`}
        />
      ))}
    </ul>
  );
}
