import { Button } from '@cassette/plugin-sdk/ui';

export interface PaginationProps {
  page: number;
  pages: number;
  onChange(page: number): void;
}

/** Spec part 1 §2 pagination: previous / next and 'Page x of n'. */
export function Pagination({ page, pages, onChange }: PaginationProps) {
  return (
    <nav className="cs-errors-pagination" aria-label="Pages">
      <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </Button>
      <span className="cs-muted" data-field="page-of">
        Page {page} of {pages}
      </span>
      <Button size="small" variant="secondary" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
