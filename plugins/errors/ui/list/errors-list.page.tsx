import { useEffect, useState } from 'react';
import { Button, FormErrors, Loader, NoContent, Pagination, Select, showingText, TimezoneSelect, useCurrentProject, useToast } from '@cassette/plugin-sdk/ui';
import { ERROR_SORT_KEYS, ERROR_SYNTHETIC_FILTERS, ERRORS_PAGE_SIZE, type ErrorListItem, type ErrorSyntheticFilter } from '../../api.js';
import { ErrorRow } from './error-row.js';
import { ERROR_VIEWS, SORT_LABELS, SYNTHETIC_LABELS, VIEW_LABELS, type ErrorListState } from './error-list-search.js';
import { MergeDialog } from './merge-dialog.js';
import { SearchBox } from './search-box.js';
import { SourceMapsPanel } from './sourcemaps-panel.js';
import { useErrorListSearch } from './use-error-list-search.js';
import { useErrorResults } from './use-error-results.js';

export const NO_ERRORS_TITLE = 'No errors found';

const isMoment = (key: string) => key === 'lastOccurrence' || key === 'firstOccurrence';
const SORT_OPTIONS = ERROR_SORT_KEYS.flatMap((key) => [
  { value: `${key}:desc`, label: `${SORT_LABELS[key]}, ${isMoment(key) ? 'newest' : 'most'} first` },
  { value: `${key}:asc`, label: `${SORT_LABELS[key]}, ${isMoment(key) ? 'oldest' : 'fewest'} first` },
]);
const SYNTHETIC_OPTIONS = ERROR_SYNTHETIC_FILTERS.map((value) => ({ value, label: SYNTHETIC_LABELS[value] }));

/** `/:siteId/errors`: the project's error groups (spec part 2 §2). */
export default function ErrorsListPage() {
  const project = useCurrentProject();
  const toast = useToast();
  const search = useErrorListSearch();
  const { state } = search;
  const projectId = project?.id ?? null;
  const { result, loading, errors, retry, updateError, removeErrors } = useErrorResults(projectId, search.request);
  // Selection order matters: the first selected is the one a merge keeps.
  const [selected, setSelected] = useState<string[]>([]);
  const [merging, setMerging] = useState(false);
  const pages = result ? Math.max(1, Math.ceil(result.total / ERRORS_PAGE_SIZE)) : 1;

  // A new list is a new choice: nothing stays selected across pages or filters.
  const requestKey = JSON.stringify(search.request);
  useEffect(() => setSelected([]), [requestKey]);

  const selectedErrors = selected.map((id) => result?.errors.find((e) => e.errorId === id)).filter((e): e is ErrorListItem => e !== undefined);

  function select(errorId: string, on: boolean) {
    setSelected((current) => (on ? [...current.filter((id) => id !== errorId), errorId] : current.filter((id) => id !== errorId)));
  }

  function content() {
    if (!project) return <Loader />;
    if (errors.length > 0)
      return (
        <div className="cs-card cs-errors-failure" role="alert">
          <FormErrors errors={errors} />
          <p className="cs-muted">Try again; if it keeps failing, reload the page or check that the Cassette server is running.</p>
          <Button variant="primary" onClick={retry}>
            Retry
          </Button>
        </div>
      );
    if (loading || !result) return <Loader label="Loading errors" />;
    if (result.errors.length === 0)
      return (
        <div className="cs-card">
          <NoContent title={NO_ERRORS_TITLE} subtext={emptyHint(state, result.total)}>
            {state.page > 1 && (
              <Button variant="secondary" onClick={() => search.setPage(1)}>
                Go to page 1
              </Button>
            )}
          </NoContent>
        </div>
      );
    return (
      <>
        <div className="cs-error-list" data-testid="error-list">
          {result.errors.map((error) => (
            <ErrorRow
              key={error.errorId}
              error={error}
              siteId={project.id}
              selected={selected.includes(error.errorId)}
              onSelect={(on) => select(error.errorId, on)}
              onFavoriteChange={(favorite) => updateError(error.errorId, { favorite })}
            />
          ))}
        </div>
        <div className="cs-error-list__footer">
          <span className="cs-muted" data-field="showing">
            {showingText(state.page, ERRORS_PAGE_SIZE, result.errors.length, result.total)}
          </span>
          <Pagination page={state.page} pages={pages} onChange={search.setPage} />
        </div>
      </>
    );
  }

  return (
    <div className="cs-page cs-errors-page">
      <div className="cs-page__header">
        <h1 className="cs-page__title">Errors</h1>
        <div className="cs-page__actions">
          <Button variant="secondary" onClick={() => search.setSourceMapsOpen(true)}>
            Source maps
          </Button>
          <TimezoneSelect />
        </div>
      </div>
      <div className="cs-errors-toolbar">
        <div className="cs-errors-views" role="tablist" aria-label="Status">
          {ERROR_VIEWS.map((view) => (
            <button
              key={view}
              type="button"
              role="tab"
              aria-selected={state.view === view}
              className={['cs-errors-views__tab', state.view === view ? 'cs-errors-views__tab--active' : ''].filter(Boolean).join(' ')}
              onClick={() => search.change({ view })}
            >
              {VIEW_LABELS[view]}
            </button>
          ))}
        </div>
        <SearchBox value={state.query} onSearch={(query) => search.change({ query })} />
        <Select
          aria-label="Sort errors"
          options={SORT_OPTIONS}
          value={`${state.sort}:${state.order}`}
          onChange={(e) => {
            const [sort, order] = e.target.value.split(':') as [ErrorListState['sort'], ErrorListState['order']];
            search.change({ sort, order });
          }}
        />
        <Select
          aria-label="Errors of synthetic test runs"
          title="Errors recorded in synthetic test runs: list them with the others, leave out those seen only there, or list only them"
          options={SYNTHETIC_OPTIONS}
          value={state.synthetic}
          onChange={(e) => search.change({ synthetic: e.target.value as ErrorSyntheticFilter })}
        />
        {selectedErrors.length >= 2 && (
          <Button variant="primary" onClick={() => setMerging(true)}>
            Merge
          </Button>
        )}
        {selectedErrors.length > 0 && (
          <span className="cs-muted" data-field="selected">
            {selectedErrors.length} selected
          </span>
        )}
      </div>
      {content()}
      {merging && project && (
        <MergeDialog
          projectId={project.id}
          errors={selectedErrors}
          onCancel={() => setMerging(false)}
          onMerged={(merged) => {
            setMerging(false);
            setSelected([]);
            removeErrors(merged.merged);
            // The kept error now counts the merged ones' users, sessions and occurrences: ask again rather than show stale numbers.
            retry();
            toast(`Merged ${merged.merged.length} ${merged.merged.length === 1 ? 'error' : 'errors'} into one.`, 'success');
          }}
        />
      )}
      {search.sourceMapsOpen && <SourceMapsPanel onClose={() => search.setSourceMapsOpen(false)} />}
    </div>
  );
}

function emptyHint(state: ErrorListState, total: number): string {
  if (state.page > 1 && total > 0) return `There are ${total} errors, all on earlier pages.`;
  if (state.synthetic === 'only') return `No ${state.view === 'bookmarks' ? 'bookmarked' : state.view} error was seen in a synthetic test run${state.query.trim() ? ` matching “${state.query.trim()}”` : ''}. Choose “${SYNTHETIC_LABELS.include}” to see the others.`;
  if (state.query.trim()) return `No ${state.view === 'bookmarks' ? 'bookmarked' : state.view} error matches “${state.query.trim()}”. Try other words.`;
  if (state.view === 'bookmarks') return 'Bookmark an error with its star to find it here.';
  if (state.view === 'unresolved') return 'No unresolved errors: errors thrown in recorded sessions show up here, grouped.';
  return `No ${state.view} errors yet.`;
}
