import type { ReactElement } from 'react';
import { Icon } from './icon';

export function GuaranteeBadges({ light = false }: { light?: boolean }): ReactElement {
  return (
    <ul className={light ? 'badges badges-light' : 'badges'}>
      <li>
        <Icon name="shield" size={18} /> Garansi 30 hari
      </li>
      <li>
        <Icon name="headset" size={18} /> Support 24/7
      </li>
      <li>
        <Icon name="refresh" size={18} /> Update gratis
      </li>
    </ul>
  );
}
