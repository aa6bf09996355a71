import type { ReactElement, ReactNode } from 'react';
import { ChartTicks } from './chart-ticks';

export const CHART_WIDTH = 600;
export const CHART_HEIGHT = 200;

/**
 * The box every chart is drawn in: a fixed height (no shift while data loads), an SVG that
 * stretches to the column with its base line, one named image for a screen reader, and the labels
 * under it in HTML. `children` is the drawing in CHART_WIDTH × CHART_HEIGHT units; `after`
 * follows the labels (a legend).
 */
export function ChartFrame({
  title,
  labels,
  children,
  after,
}: {
  title: string;
  labels: readonly string[];
  children: ReactNode;
  after?: ReactNode;
}): ReactElement {
  return (
    <div className="chart-box">
      <svg
        className="chart"
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        role="img"
        aria-label={title}
        preserveAspectRatio="none"
      >
        <line
          className="chart-axis"
          x1={0}
          x2={CHART_WIDTH}
          y1={CHART_HEIGHT - 0.5}
          y2={CHART_HEIGHT - 0.5}
          vectorEffect="non-scaling-stroke"
        />
        {children}
      </svg>
      <ChartTicks labels={labels} />
      {after}
    </div>
  );
}
