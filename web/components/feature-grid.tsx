import type { ReactElement } from 'react';
import type { Feature } from '../content/features';
import { Icon } from './icon';

export function FeatureGrid({
  features,
  columns = 3,
}: {
  features: readonly Feature[];
  columns?: 2 | 3;
}): ReactElement {
  return (
    <ul className={`feature-grid cols-${columns}`}>
      {features.map((feature) => (
        <li className="card feature-card" key={feature.title}>
          <span className="feature-icon">
            <Icon name={feature.icon} />
          </span>
          <h3>{feature.title}</h3>
          <p>{feature.description}</p>
        </li>
      ))}
    </ul>
  );
}
