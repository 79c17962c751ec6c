import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button, FormErrors, Loader, formatBytes, useApi, useLatestAnswer } from '@cassette/plugin-sdk/ui';
import type { Run } from '../../shared/model.js';
import { builderPath, testsPath } from '../common/paths.js';
import { runDuration } from '../common/run-format.js';
import { RunVideo, Screenshot } from './run-media.js';
import '../synthetic.css';

/** How often an unfinished run is checked again. */
const CHECK_MS = 2000;

/** A run: its steps with screenshots and failures, video, console, network, Lighthouse and the replay. */
export default function RunDetailPage() {
  const { siteId = '', runId = '' } = useParams();
  const api = useApi();
  const run = useLatestAnswer<Run>(`${siteId}/${runId}`, () => api.get<Run>(`/${siteId}/runs/${runId}`), 'The run could not be loaded.');
  const unfinished = run.data?.state === 'queued' || run.data?.state === 'running';
  useEffect(() => {
    if (!unfinished) return;
    const timer = setTimeout(run.retry, CHECK_MS);
    return () => clearTimeout(timer);
  }, [unfinished, run.data, run.retry]);
  const stop = async () => run.setData(await api.post<Run>(`/${siteId}/runs/${runId}/stop`));
  const data = run.data;
  return (
    <div className="syn-page">
      <FormErrors errors={run.errors} />
      {!data ? <Loader /> : null}
      {data ? (
        <>
          <header className="syn-page__header">
            <div>
              <h1>{data.name}</h1>
              <p>
                <span className={`syn-step__status--${data.state}`} data-testid="run-state">
                  {data.state}
                </span>{' '}
                · {runDuration(data)} · {data.device} · {data.environment?.name ?? 'no environment'}
                {data.scheduled ? ' · scheduled' : ''}
              </p>
              {data.failure ? <p className="syn-step__info">{data.failure}</p> : null}
            </div>
            <div className="syn-actions">
              {unfinished ? <Button variant="danger" onClick={() => void stop()}>Stop</Button> : null}
              {data.sessionId ? <Link to={`/${siteId}/session/${data.sessionId}`}>Open the replay</Link> : null}
              <Link to={builderPath(siteId, data.testId)}>Edit test</Link>
              <Link to={testsPath(siteId)}>All tests</Link>
            </div>
          </header>
          <section aria-label="Steps">
            <h2>Steps</h2>
            <ol className="syn-steps">
              {data.steps.map((step) => (
                <li key={step.order} className="syn-step" data-testid="run-step">
                  <div className="syn-step__head">
                    <span>{step.order}.</span>
                    <span className="syn-step__type">{step.title}</span>
                    <span className={`syn-step__status--${step.status}`}>{step.status}</span>
                    <span>{step.status === 'skipped' ? '' : `${step.timings.duration} ms`}</span>
                  </div>
                  {step.info ? <p className="syn-step__info">{step.info}</p> : null}
                  <Screenshot path={step.screenshot} alt={`Screenshot after step ${step.order}`} />
                </li>
              ))}
            </ol>
          </section>
          <div className="syn-grid">
            <section aria-label="Video">
              <h2>Video</h2>
              {data.video ? <RunVideo path={data.video} /> : <p>{unfinished ? 'Running...' : 'No video for this run.'}</p>}
            </section>
            <section aria-label="Lighthouse">
              <h2>Lighthouse</h2>
              {data.lighthouse ? (
                <div className="syn-scores">
                  {(
                    [
                      ['Performance', data.lighthouse.performance],
                      ['Accessibility', data.lighthouse.accessibility],
                      ['Best practices', data.lighthouse.bestPractices],
                      ['SEO', data.lighthouse.seo],
                    ] as const
                  ).map(([label, value]) => (
                    <span key={label} className="syn-score" data-testid="lighthouse-score">
                      <strong>{value ?? '—'}</strong>
                      {label}
                    </span>
                  ))}
                </div>
              ) : (
                <p>{unfinished ? 'Running...' : 'No audit for this run.'}</p>
              )}
              {data.lighthouse?.error ? <p className="syn-step__info">{data.lighthouse.error}</p> : null}
            </section>
            <section aria-label="Network overview">
              <h2>Network overview</h2>
              {data.networkOverview ? (
                <dl>
                  <dt>Transferred</dt>
                  <dd>{formatBytes(data.networkOverview.transferredSize)}</dd>
                  <dt>Resources</dt>
                  <dd>{formatBytes(data.networkOverview.resourcesSize)}</dd>
                  <dt>DOM building</dt>
                  <dd>{data.networkOverview.domBuildingTime} ms</dd>
                  <dt>DOMContentLoaded</dt>
                  <dd>{data.networkOverview.domContentLoadedTime} ms</dd>
                  <dt>Load</dt>
                  <dd>{data.networkOverview.loadTime} ms</dd>
                </dl>
              ) : (
                <p>—</p>
              )}
            </section>
          </div>
          <section aria-label="Console">
            <h2>Console</h2>
            <div className="syn-log">
              {data.consoleLogs.map((log, i) => (
                <div key={i} className={`syn-log--${log.level}`}>
                  [{log.level}] {log.value}
                </div>
              ))}
            </div>
          </section>
          <section aria-label="Network">
            <h2>Network</h2>
            <table className="syn-table">
              <thead>
                <tr>
                  <th>Status</th>
                  <th>Method</th>
                  <th>Type</th>
                  <th>URL</th>
                  <th>Size</th>
                  <th>Time</th>
                </tr>
              </thead>
              <tbody>
                {data.network.map((entry, i) => (
                  <tr key={i}>
                    <td>{entry.status || entry.failure || 'failed'}</td>
                    <td>{entry.method}</td>
                    <td>{entry.type}</td>
                    <td>{entry.url}</td>
                    <td>{formatBytes(entry.transferSize)}</td>
                    <td>{entry.duration} ms</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      ) : null}
    </div>
  );
}
