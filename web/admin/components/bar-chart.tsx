import type { ReactElement } from 'react';
import { ChartTicks } from './chart-ticks';

export type Bar = { label: string; value: number };

const WIDTH = 600;
const HEIGHT = 200;

/**
 * Bars drawn in SVG inside a box of fixed height (no shift while data loads); the drawing stretches
 * to the column and holds no text, so it stays crisp and legible at 390 px. The figures themselves
 * are in the table beside it: the drawing is one named image for a screen reader.
 */
export function BarChart({
  bars,
  title,
  format,
}: {
  bars: readonly Bar[];
  title: string;
  format: (value: number) => string;
}): ReactElement {
  const top = Math.max(1, ...bars.map((bar) => bar.value));
  const slot = WIDTH / Math.max(1, bars.length);
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
        {bars.map((bar, index) => {
          const height = (bar.value / top) * (HEIGHT - 6);
          return (
            <rect
              key={bar.label}
              className="chart-bar"
              x={index * slot + slot * 0.12}
              width={slot * 0.76}
              y={HEIGHT - height}
              height={height}
            >
              <title>{`${bar.label}: ${format(bar.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <ChartTicks labels={bars.map((bar) => bar.label)} />
    </div>
  );
}
