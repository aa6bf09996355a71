import type { ReactElement } from 'react';

const KNOWN = new Set(['active', 'expired']);

/** Licence or LoopStream status as a coloured label; anything unknown reads as 'other'. */
export function StatusBadge({ status }: { status: string }): ReactElement {
  const kind = KNOWN.has(status) ? status : 'other';
  return <span className={`badge badge-${kind}`}>{kind}</span>;
}
