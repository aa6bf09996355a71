import type { ReactElement } from 'react';
import { paginationNumbers } from './pagination-numbers';

type Props = { page: number; pages: number; onPage: (page: number) => void };

/**
 * Shown only when there is more than one page (docs/spec.md#prompt-collection-page). The numbers sit in their own group so
 * that narrow screens can put them on one row and both step buttons, unbroken, on the next.
 */
export function Pagination({ page, pages, onPage }: Props): ReactElement | null {
  if (pages <= 1) return null;
  return (
    <nav className="prompts-pagination" aria-label="Halaman prompt">
      <button
        type="button"
        className="prompts-page-button prompts-page-step prompts-page-previous"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Sebelumnya
      </button>
      <div className="prompts-page-numbers">
        {paginationNumbers(page, pages).map((item, index) =>
          item === '...' ? (
            <span key={`gap-${index}`} className="prompts-page-gap" aria-hidden="true">
              ...
            </span>
          ) : (
            <button
              key={item}
              type="button"
              className="prompts-page-button"
              aria-label={`Halaman ${item}`}
              aria-current={item === page ? 'page' : undefined}
              onClick={() => onPage(item)}
            >
              {item}
            </button>
          ),
        )}
      </div>
      <button
        type="button"
        className="prompts-page-button prompts-page-step prompts-page-next"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Selanjutnya
      </button>
    </nav>
  );
}
