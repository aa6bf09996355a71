import type { ReactElement } from 'react';
import { CHART_HEIGHT, CHART_WIDTH, ChartFrame } from './chart-frame';

export type Bar = { label: string; value: number };

/**
 * Bars in a ChartFrame; the drawing holds no text, so it stays crisp and legible at 390 px. The
 * figures themselves are in the table beside it.
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
  const slot = CHART_WIDTH / Math.max(1, bars.length);
  return (
    <ChartFrame title={title} labels={bars.map((bar) => bar.label)}>
      {bars.map((bar, index) => {
        const height = (bar.value / top) * (CHART_HEIGHT - 6);
        return (
          <rect
            key={bar.label}
            className="chart-bar"
            x={index * slot + slot * 0.12}
            width={slot * 0.76}
            y={CHART_HEIGHT - height}
            height={height}
          >
            <title>{`${bar.label}: ${format(bar.value)}`}</title>
          </rect>
        );
      })}
    </ChartFrame>
  );
}
