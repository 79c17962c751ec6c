import { useEffect, useState } from 'react';
import { Button } from './button.js';
import './pagination.css';

/** The page a typed value asks for: a whole number from 1 to `pages` other than the current one, else null (spec part 1 §5). */
export function requestedPage(typed: string, page: number, pages: number): number | null {
  if (!/^\d+$/.test(typed)) return null;
  const wanted = Number(typed);
  return wanted >= 1 && wanted <= pages && wanted !== page ? wanted : null;
}

/**
 * "Showing n of total" under a paged list (spec part 1 §2): n counts every row up to the end of
 * this page, so page 2 of 13 rows at 10 a page says "Showing 13 of 13", not "Showing 3 of 13".
 */
export function showingText(page: number, pageSize: number, rows: number, total: number): string {
  return `Showing ${Math.min(total, (page - 1) * pageSize + rows)} of ${total}`;
}

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pages: number;
  onChange(page: number): void;
}

/**
 * The spec's pagination control (part 1 §2): Previous, 'Page x of n', Next, and a page input
 * that takes digits only and goes to pages 1 to n on Enter or when it loses focus; Escape or an
 * out-of-range number puts the current page back.
 */
export function Pagination({ page, pages, onChange }: PaginationProps) {
  const [typed, setTyped] = useState(String(page));
  useEffect(() => setTyped(String(page)), [page]);

  function commit() {
    const wanted = requestedPage(typed, page, pages);
    if (wanted === null) setTyped(String(page));
    else onChange(wanted);
  }

  return (
    <nav className="cs-pagination" aria-label="Pages">
      <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label="Previous page">
        Previous
      </Button>
      <span className="cs-pagination__label" data-field="page-of">
        Page {page} of {pages}
      </span>
      <Button size="small" variant="secondary" disabled={page >= pages} onClick={() => onChange(page + 1)} aria-label="Next page">
        Next
      </Button>
      <label className="cs-pagination__jump">
        Go to page
        <input
          className="cs-input cs-pagination__input"
          inputMode="numeric"
          value={typed}
          onChange={(e) => setTyped(e.target.value.replace(/\D/g, ''))}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
            if (e.key === 'Escape') setTyped(String(page));
          }}
        />
      </label>
    </nav>
  );
}
