import type { ReactElement } from 'react';
import { ChartTicks } from './chart-ticks';

export type Series = { name: string; className: string; values: readonly number[] };

const WIDTH = 600;
const HEIGHT = 200;

/** Lines over the same labels, in a fixed-height box like BarChart; the legend names each line. */
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
  const x = (index: number): number => (labels.length <= 1 ? WIDTH / 2 : (index / (labels.length - 1)) * WIDTH);
  const y = (value: number): number => HEIGHT - 3 - (value / top) * (HEIGHT - 6);
  return (
    <div className="chart-box">
      <svg
        className="chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={title}
        preserveAspectRatio="none"
      >
        <line
          className="chart-axis"
          x1={0}
          x2={WIDTH}
          y1={HEIGHT - 0.5}
          y2={HEIGHT - 0.5}
          vectorEffect="non-scaling-stroke"
        />
        {series.map((line) => (
          <polyline
            key={line.name}
            className={`chart-line ${line.className}`}
            vectorEffect="non-scaling-stroke"
            points={line.values.map((value, index) => `${x(index)},${y(value)}`).join(' ')}
          />
        ))}
      </svg>
      <ChartTicks labels={labels} />
      <p className="chart-legend" aria-hidden="true">
        {series.map((line) => (
          <span key={line.name} className={`legend-item ${line.className}`}>
            {line.name}
          </span>
        ))}
      </p>
    </div>
  );
}
