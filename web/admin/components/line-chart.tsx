import type { ReactElement } from 'react';
import { CHART_HEIGHT, CHART_WIDTH, ChartFrame } from './chart-frame';

export type Series = { name: string; className: string; values: readonly number[] };

/** Lines over the same labels in a ChartFrame, like BarChart; the legend names each line. */
export function LineChart({
  labels,
  series,
  title,
}: {
  labels: readonly string[];
  series: readonly Series[];
  title: string;
}): ReactElement {
  const top = Math.max(1, ...series.flatMap((line) => line.values));
  const x = (index: number): number =>
    labels.length <= 1 ? CHART_WIDTH / 2 : (index / (labels.length - 1)) * CHART_WIDTH;
  const y = (value: number): number => CHART_HEIGHT - 3 - (value / top) * (CHART_HEIGHT - 6);
  const legend = (
    <p className="chart-legend" aria-hidden="true">
      {series.map((line) => (
        <span key={line.name} className={`legend-item ${line.className}`}>
          {line.name}
        </span>
      ))}
    </p>
  );
  return (
    <ChartFrame title={title} labels={labels} after={legend}>
      {series.map((line) => (
        <polyline
          key={line.name}
          className={`chart-line ${line.className}`}
          vectorEffect="non-scaling-stroke"
          points={line.values.map((value, index) => `${x(index)},${y(value)}`).join(' ')}
        />
      ))}
    </ChartFrame>
  );
}
