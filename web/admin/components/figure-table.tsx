import type { ReactElement, ReactNode } from 'react';

/** A chart's figures as text: a small labelled table that scrolls sideways on its own when narrow. */
/** `grows`: a table with a fixed number of rows takes its own height; others keep a fixed box (nothing moves as rows arrive). */
export function FigureTable({
  caption,
  columns,
  rows,
  empty,
  grows = false,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  empty: string;
  grows?: boolean;
}): ReactElement {
  return (
    <div className={grows ? 'figure-wrap' : 'figure-wrap figure-fixed'} role="region" aria-label={caption} tabIndex={0}>
      <table className="figure-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={column} scope="col" className={index > 0 ? 'number' : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={index} className="number">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
