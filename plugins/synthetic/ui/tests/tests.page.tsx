import { Link, useParams } from 'react-router-dom';
import { useState } from 'react';
import { ApiError, Button, ConfirmDialog, FormErrors, Loader, NoContent, useApi, useLatestAnswer, useToast } from '@cassette/plugin-sdk/ui';
import type { Test } from '../../shared/model.js';
import { builderPath, runPath, schedulersPath, testSettingsPath } from '../common/paths.js';
import { lastExecuted } from '../common/run-format.js';
import '../synthetic.css';

/** The project's tests with their run history (newest first) and uptime. */
export default function TestsPage() {
  const { siteId = '' } = useParams();
  const api = useApi();
  const toast = useToast();
  const tests = useLatestAnswer<Test[]>(siteId, () => api.get<Test[]>(`/${siteId}/tests`), 'The tests could not be loaded.');
  const [confirmStop, setConfirmStop] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const stopAll = async () => {
    setStopping(true);
    try {
      const { stopped } = await api.post<{ stopped: number[] }>(`/${siteId}/runs/stop`, {});
      toast(stopped.length ? `${stopped.length} run${stopped.length === 1 ? '' : 's'} stopped` : 'No run was queued or running', 'success');
      setErrors([]);
      tests.retry();
    } catch (error) {
      setErrors(error instanceof ApiError ? error.errors : ['The runs could not be stopped; try again.']);
    } finally {
      setStopping(false);
      setConfirmStop(false);
    }
  };
  return (
    <div className="syn-page">
      <header className="syn-page__header">
        <h1>Synthetic tests</h1>
        <div className="syn-actions">
          <Link to={schedulersPath(siteId)}>Schedulers</Link>
          <Link to={testSettingsPath(siteId)}>Environments, variables and templates</Link>
          <Button variant="danger" onClick={() => setConfirmStop(true)}>
            Stop all
          </Button>
          <Link to={builderPath(siteId)}>
            <Button variant="primary">New test</Button>
          </Link>
        </div>
      </header>
      {confirmStop ? <ConfirmDialog title="Stop all runs" message="Stop every queued and running run of this project?" confirmLabel="Stop all" loading={stopping} onConfirm={() => void stopAll()} onCancel={() => setConfirmStop(false)} /> : null}
      <FormErrors errors={[...tests.errors, ...errors]} />
      {tests.loading && !tests.data ? <Loader /> : null}
      {tests.data && tests.data.length === 0 ? <NoContent title="No tests yet" subtext="Build one, or generate one from a session in the player." /> : null}
      {tests.data && tests.data.length > 0 ? (
        <table className="syn-table" aria-label="Tests">
          <thead>
            <tr>
              <th>Name</th>
              <th>Tags</th>
              <th>Run history</th>
              <th>Uptime</th>
              <th>Last executed</th>
            </tr>
          </thead>
          <tbody>
            {tests.data.map((test) => (
              <tr key={test.testId}>
                <td>
                  <Link to={builderPath(siteId, test.testId)}>{test.name}</Link>
                  {test.generated ? <span className="syn-badge">generated</span> : null}
                </td>
                <td>{test.tags.map((tag) => `#${tag}`).join(' ')}</td>
                <td>
                  <span className="syn-history" aria-label="Run history">
                    {test.runHistory.map((run) => (
                      <Link key={run.runId} to={runPath(siteId, run.runId)} className={`syn-dot syn-dot--${run.state}`} title={`Run ${run.runId}: ${run.state}`} aria-label={`Run ${run.runId} ${run.state}`} />
                    ))}
                  </span>
                </td>
                <td>{test.uptime === null ? '—' : `${test.uptime}%`}</td>
                <td>{lastExecuted(test.runHistory[0]?.startedAt ?? null, Date.now())}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
