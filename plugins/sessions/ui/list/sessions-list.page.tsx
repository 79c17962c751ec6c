import { useState, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { Button, DateRangePicker, FormErrors, Loader, NoContent, Pagination, Select, showingText, Slot, TimezoneSelect, useCurrentProject, useHost, useSlotFills } from '@cassette/plugin-sdk/ui';
import type { AnySlotFill, ProjectSummary } from '@cassette/plugin-sdk/ui';
import { sessionsSlots, type SessionsListSidebarProps, type SessionsListTabProps } from '../../api.js';
import type { SavedSearch, SearchFilterItem } from '../../shared/search.js';
import { SESSIONS_PAGE_SIZE } from '../../shared/constants.js';
import { FilterBar } from './filters/filter-bar.js';
import { addBlankSteps, addFilter, editFilter } from './filters/filter-search.js';
import { useFilterDraft } from './filters/use-filter-draft.js';
import { useProjectMetadata } from './filters/use-project-metadata.js';
import { issueListName } from './issue-names.js';
import { SaveSearchModal } from './saved-searches/save-search-modal.js';
import { SavedSearchesDropdown } from './saved-searches/saved-searches-dropdown.js';
import { useSavedSearches } from './saved-searches/use-saved-searches.js';
import { isSessionRange, SESSION_RANGES } from './session-ranges.js';
import { SessionRows } from './session-rows.js';
import { SessionTabs } from './session-tabs.js';
import { useWatchdogStatus } from '../watchdogs/watchdog-status.js';
import { useSessionResults } from './use-session-results.js';
import { SORT_OPTIONS, savedFilterOf, sortOptionOf, useSessionSearch, type SessionListTab } from './use-session-search.js';
import './sessions-list.css';

export const NO_RECORDINGS = 'No recordings found';

const SORT_SELECT_OPTIONS = SORT_OPTIONS.map(({ value, label }) => ({ value, label }));

export default function SessionsListPage() {
  const project = useCurrentProject();
  const { account, toast, api } = useHost();
  const search = useSessionSearch();
  const waitingForFirstRecording = project?.recorded === false;
  const projectId = project && !waitingForFirstRecording ? project.id : null;
  const { result, loading, errors, retry, updateSession } = useSessionResults(projectId, search.body);
  const metadata = useProjectMetadata(projectId);
  const saved = useSavedSearches(projectId);
  const watchdogStatus = useWatchdogStatus(api, project?.id ?? null);
  const watchdogTabs = (watchdogStatus?.watchdogs ?? []).filter((w) => w.visible).map((w) => ({ tab: w.key as SessionListTab, label: w.name }));
  const { events, filters, eventsOrder, strict } = search.state;
  const editing = useFilterDraft({ events, filters, eventsOrder, strict }, search.setFilterSearch);
  const [saving, setSaving] = useState(false);
  const [filtersAttention, setFiltersAttention] = useState(0);
  const hasSidebar = useSlotFills(sessionsSlots.listSidebar).length > 0;
  const tabFills = useSlotFills(sessionsSlots.listTabs);
  const [contributedTab, setContributedTab] = useState<string | null>(null);
  const openTabFill = tabFills.find((fill) => fill.id === contributedTab) ?? null;
  const { tab, page } = search.state;
  const pages = result ? Math.max(1, Math.ceil(result.total / SESSIONS_PAGE_SIZE)) : 1;
  const active = saved.list.find((s) => s.searchId === search.state.savedSearchId) ?? null;
  const filtered = events.length > 0 || filters.length > 0;
  const hasRows = editing.draft.events.length > 0 || editing.draft.filters.length > 0;

  function applySaved(savedSearch: SavedSearch) {
    editing.discardPending();
    search.applySaved(savedSearch.filter, savedSearch.searchId);
  }

  /** A user name or metadata chip clicked in a row: that filter, replacing the value of one already there for the same key. */
  function filterBy(item: SearchFilterItem) {
    const { search: next, existing } = addFilter(editing.draft, item);
    editing.change(existing === null ? next : editFilter(editing.draft, existing, item));
  }

  function clearSaved() {
    editing.discardPending();
    search.clear();
  }

  function content() {
    if (!project) return <Loader />;
    if (waitingForFirstRecording) return <NotRecordingYet project={project} />;
    if (errors.length > 0)
      return (
        <div className="cs-card cs-session-list__failure">
          <FormErrors errors={errors} />
          <p className="cs-muted">Your search is kept. Try again; if it keeps failing, reload the page or check that the Cassette server is running.</p>
          <Button variant="primary" onClick={retry}>
            Try again
          </Button>
        </div>
      );
    if (loading || !result) return <Loader label="Loading sessions" />;
    if (result.sessions.length === 0)
      return (
        <div className="cs-card">
          <NoContent title={NO_RECORDINGS} subtext={emptyHint(tab, page, result.total, filtered)}>
            {page > 1 && (
              <Button variant="secondary" onClick={() => search.setPage(1)}>
                Go to page 1
              </Button>
            )}
          </NoContent>
        </div>
      );
    return (
      <>
        <SessionRows projectId={project.id} sessions={result.sessions} onFavoriteChange={(id, favorite) => updateSession(id, { favorite })} onFilter={filterBy} />
        <div className="cs-session-list__footer">
          <span className="cs-muted" data-field="showing">
            {showingText(page, SESSIONS_PAGE_SIZE, result.sessions.length, result.total)}
          </span>
          <Pagination page={page} pages={pages} onChange={search.setPage} />
        </div>
      </>
    );
  }

  const sidebar: SessionsListSidebarProps | null =
    project && hasSidebar
      ? {
          projectId: project.id,
          filter: savedFilterOf({ ...search.state, ...editing.draft }),
          stepsInBar: editing.draft.events.length,
          addBlankSteps: (keys) => editing.change(addBlankSteps(editing.draft, keys)),
          blinkFilters: () => setFiltersAttention((n) => n + 1),
        }
      : null;

  return (
    <div className={['cs-page', 'cs-sessions-page', sidebar ? 'cs-sessions-page--with-sidebar' : ''].filter(Boolean).join(' ')}>
      {sidebar && (
        <aside className="cs-sessions-sidebar" data-testid="sessions-sidebar">
          <Slot slot={sessionsSlots.listSidebar} props={sidebar} />
        </aside>
      )}
      <div className="cs-sessions-page__main">
        <div className="cs-page__header">
          <h1 className="cs-page__title">Sessions</h1>
          {!waitingForFirstRecording && (
            <div className="cs-page__actions">
              <SavedSearchesDropdown saved={saved} activeId={search.state.savedSearchId} onApply={applySaved} onActiveDeleted={search.forgetSaved} />
              <DateRangePicker
                value={search.state.rangeValue}
                startDate={search.state.startDate}
                endDate={search.state.endDate}
                ranges={SESSION_RANGES}
                onChange={(value, bounds) => {
                  if (isSessionRange(value)) search.setRange(value, bounds);
                }}
              />
              <TimezoneSelect />
              <Select aria-label="Sort sessions" options={SORT_SELECT_OPTIONS} value={sortOptionOf(search.state)} onChange={(e) => search.setSortOption(e.target.value)} />
            </div>
          )}
        </div>
        {project && !waitingForFirstRecording && (
          <FilterBar
            editing={editing}
            projectId={project.id}
            metadata={metadata}
            attention={filtersAttention}
            onClear={() => (editing.discardPending(), search.clearFilters())}
            actions={
              <>
                {active && (
                  <span className="cs-saved-active" data-testid="active-saved-search">
                    <span className="cs-muted">Saved search:</span> <strong>{active.name}</strong>
                    <button type="button" className="cs-icon-btn" aria-label={`Clear saved search ${active.name}`} title="Clear the search and the saved search" onClick={clearSaved}>
                      ×
                    </button>
                  </span>
                )}
                <Button size="small" variant="primary" disabled={!hasRows} title={hasRows ? undefined : 'Add a step or a filter first'} data-testid="save-search" onClick={() => setSaving(true)}>
                  Save Search
                </Button>
              </>
            }
          />
        )}
        {!waitingForFirstRecording && (
          <SessionTabs
            active={tab}
            extra={watchdogTabs}
            onChange={(next) => {
              setContributedTab(null);
              search.setTab(next);
            }}
            contributed={tabFills.map((fill) => ({ id: fill.id, label: fill.label ?? fill.id }))}
            activeContributed={openTabFill?.id ?? null}
            onContributed={setContributedTab}
          />
        )}
        {openTabFill && project ? <ContributedTabContent fill={openTabFill} projectId={project.id} /> : content()}
        {saving && (
          <SaveSearchModal
            saved={saved}
            filter={savedFilterOf({ ...search.state, ...editing.draft })}
            active={active}
            canUpdate={active !== null && active.userId === account.id}
            onClose={() => setSaving(false)}
            onSaved={(savedSearch, updated) => {
              setSaving(false);
              search.setActiveSaved(savedSearch.searchId);
              toast(updated ? `Updated the saved search “${savedSearch.name}”.` : `Saved the search as “${savedSearch.name}”.`, 'success');
            }}
          />
        )}
      </div>
    </div>
  );
}

function ContributedTabContent({ fill, projectId }: { fill: AnySlotFill; projectId: number }) {
  // fillSlot checked the component against the slot's props when the fill was declared.
  const Component = fill.component as unknown as ComponentType<SessionsListTabProps>;
  return <Component projectId={projectId} />;
}

function emptyHint(tab: SessionListTab, page: number, total: number, filtered: boolean): string | undefined {
  if (page > 1 && total > 0) return `This search has ${total} sessions, all on earlier pages.`;
  if (tab === 'bookmark') return 'Bookmark a session with its star to find it here.';
  if (tab !== 'all') return `No session has the issue “${issueListName(tab)}”. Try another tab.`;
  if (filtered) return 'No session matches these steps and filters. Remove one, or widen the date range.';
  return 'No session in this date range. Choose a wider one.';
}

/** As before the rebuild: point to the install steps, where the demo site can be tried too. */
function NotRecordingYet({ project }: { project: ProjectSummary }) {
  return (
    <div className="cs-card">
      <NoContent title={NO_RECORDINGS} subtext={`Install the tracker on ${project.name} to start recording sessions. This page checks every 30 seconds and shows them as soon as the first one arrives.`}>
        <Link to="/onboarding/installing" className="cs-btn cs-btn--primary">
          See how to install
        </Link>
      </NoContent>
    </div>
  );
}
