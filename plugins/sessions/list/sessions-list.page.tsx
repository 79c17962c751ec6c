import { Link } from 'react-router-dom';
import { Button, FormErrors, Loader, NoContent, Select, TimezoneSelect, useCurrentProject } from '@cassette/plugin-sdk/ui';
import type { ProjectSummary } from '@cassette/plugin-sdk/ui';
import { SESSIONS_PAGE_SIZE } from '../constants.js';
import { issueListName } from './issue-names.js';
import { Pagination } from './pagination.js';
import { SessionItem } from './session-item.js';
import { SessionTabs } from './session-tabs.js';
import { useSessionResults } from './use-session-results.js';
import { SORT_OPTIONS, sortOptionOf, useSessionSearch, type SessionListTab } from './use-session-search.js';
import { useUnrecordedProjectCheck } from './use-unrecorded-project-check.js';
import './sessions-list.css';

export const NO_RECORDINGS = 'No recordings found';

const SORT_SELECT_OPTIONS = SORT_OPTIONS.map(({ value, label }) => ({ value, label }));

export default function SessionsListPage() {
  const project = useCurrentProject();
  const search = useSessionSearch();
  useUnrecordedProjectCheck();
  const waitingForFirstRecording = project?.recorded === false;
  const { result, loading, errors, retry, updateSession } = useSessionResults(project && !waitingForFirstRecording ? project.id : null, search.body);
  const { tab, page } = search.state;
  const pages = result ? Math.max(1, Math.ceil(result.total / SESSIONS_PAGE_SIZE)) : 1;

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
          <NoContent title={NO_RECORDINGS} subtext={emptyHint(tab, page, result.total)}>
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
        <div className="cs-session-list">
          {result.sessions.map((session) => (
            <SessionItem key={session.sessionId} session={session} siteId={project.id} onFavoriteChange={(id, favorite) => updateSession(id, { favorite })} />
          ))}
        </div>
        <div className="cs-session-list__footer">
          <span className="cs-muted" data-field="showing">
            Showing {result.sessions.length} of {result.total}
          </span>
          <Pagination page={page} pages={pages} onChange={search.setPage} />
        </div>
      </>
    );
  }

  return (
    <div className="cs-page cs-sessions-page">
      <div className="cs-page__header">
        <h1 className="cs-page__title">Sessions</h1>
        {!waitingForFirstRecording && (
          <div className="cs-page__actions">
            <TimezoneSelect />
            <Select aria-label="Sort sessions" options={SORT_SELECT_OPTIONS} value={sortOptionOf(search.state)} onChange={(e) => search.setSortOption(e.target.value)} />
          </div>
        )}
      </div>
      {!waitingForFirstRecording && <SessionTabs active={tab} onChange={search.setTab} />}
      {content()}
    </div>
  );
}

function emptyHint(tab: SessionListTab, page: number, total: number): string | undefined {
  if (page > 1 && total > 0) return `This search has ${total} sessions, all on earlier pages.`;
  if (tab === 'bookmark') return 'Bookmark a session with its star to find it here.';
  if (tab !== 'all') return `No session has the issue “${issueListName(tab)}”. Try another tab.`;
  return undefined;
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
