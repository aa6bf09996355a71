import type { ReactElement } from 'react';

type PagerProps = {
  page: number;
  pages: number;
  label: string;
  onPage: (page: number) => void;
  summary?: string;
  /** Above the list (a second pager for long pages on phones) or under it. */
  above?: boolean;
};

/** Previous / next with the position; hidden when everything fits on one page. */
export function Pager({ page, pages, label, onPage, summary, above = false }: PagerProps): ReactElement | null {
  if (pages <= 1 && !summary) return null;
  return (
    <nav className={above ? 'spread-row pager pager-above' : 'spread-row pager'} aria-label={label}>
      {summary ? <span className="pager-summary">{summary}</span> : <span />}
      {pages > 1 ? (
        <span className="pager-controls">
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            Previous
          </button>
          <span className="pager-position" aria-live="polite">
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
        </span>
      ) : null}
    </nav>
  );
}
