import { useEffect, useState } from 'react';
import { Button } from '@cassette/plugin-sdk/ui';

export interface PaginationProps {
  page: number;
  pages: number;
  onChange(page: number): void;
}

/** Spec part 1 §2 pagination control; §5: the page input accepts only 1 to the total pages. */
export function Pagination({ page, pages, onChange }: PaginationProps) {
  const [typed, setTyped] = useState(String(page));
  useEffect(() => setTyped(String(page)), [page]);

  function commit() {
    const wanted = Number(typed);
    if (Number.isInteger(wanted) && wanted >= 1 && wanted <= pages && wanted !== page) onChange(wanted);
    else setTyped(String(page));
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
