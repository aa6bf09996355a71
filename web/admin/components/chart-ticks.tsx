import type { ReactElement } from 'react';

/** First, middle and last label under a chart, in HTML so they stay readable when the drawing stretches. */
export function ChartTicks({ labels }: { labels: readonly string[] }): ReactElement {
  const picks =
    labels.length <= 3
      ? labels
      : [labels[0]!, labels[Math.floor((labels.length - 1) / 2)]!, labels[labels.length - 1]!];
  return (
    <div className="chart-ticks" aria-hidden="true">
      {picks.map((label, index) => (
        <span key={`${index}-${label}`}>{label}</span>
      ))}
    </div>
  );
}
