import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormErrors, Input, Loader, NoContent, Pagination, Slot, formatDate, useApi, useHost } from '@cassette/plugin-sdk/ui';
import { metricsSlots } from '../../api.js';
import { METRICS_PAGE_SIZE } from '../constants.js';
import { metricOfLabel } from '../common/metric-options.js';
import { dashboardPath, metricPath, metricsRoutes } from '../paths.js';
import type { MetricsPage } from '../wire.js';

/** `/{siteId}/metrics` and `/{siteId}/dashboard/metrics`: the saved custom metrics, 15 a page, searchable by name. */
export default function MetricsListPage() {
  const projectId = Number(useParams().siteId);
  const api = useApi();
  const { timezone } = useHost();
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<MetricsPage | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    const search = new URLSearchParams({ page: String(page), limit: String(METRICS_PAGE_SIZE) });
    if (query.trim()) search.set('query', query.trim());
    api
      .get<MetricsPage>(`${metricsRoutes.metrics(projectId)}?${search}`)
      .then((a) => live && (setAnswer(a), setFailed(false)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [api, projectId, page, query]);

  const pages = answer ? Math.max(1, Math.ceil(answer.total / METRICS_PAGE_SIZE)) : 1;
  return (
    <div className="cs-page cs-metrics-list" data-testid="metrics-list">
      <header className="cs-dashboard-page__header">
        <h1>Metrics</h1>
        <div className="cs-dashboard-page__actions">
          <Input aria-label="Search metrics" placeholder="Search metrics by name" value={query} onChange={(e) => (setQuery(e.target.value), setPage(1))} />
          <Link className="cs-btn cs-btn--primary cs-btn--small" to={metricPath(projectId, 'create')}>
            Create Metric
          </Link>
          <Link className="cs-btn cs-btn--ghost cs-btn--small" to={dashboardPath(projectId)}>
            Dashboards
          </Link>
          <Slot slot={metricsSlots.dashboardLinks} props={{ projectId }} />
        </div>
      </header>
      {failed ? (
        <FormErrors errors={['The metrics could not be loaded.']} />
      ) : !answer ? (
        <Loader label="Loading metrics" />
      ) : answer.metrics.length === 0 ? (
        <NoContent />
      ) : (
        <>
          <table className="cs-table cs-metrics-list__table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Type</th>
                <th>Owner</th>
                <th>Visibility</th>
                <th>Last modified</th>
              </tr>
            </thead>
            <tbody>
              {answer.metrics.map((m) => (
                <tr key={m.metricId} data-testid="metric-row">
                  <td>
                    <Link to={metricPath(projectId, m.metricId)}>{m.name}</Link>
                  </td>
                  <td>{`${m.metricType === 'table' ? 'Table' : 'Timeseries'} · ${metricOfLabel(m.metricType, m.metricOf)}`}</td>
                  <td>{m.owner}</td>
                  <td>{m.isPublic ? 'Team' : 'Private'}</td>
                  <td>{formatDate(m.lastModified, timezone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 && <Pagination page={page} pages={pages} onChange={setPage} />}
          <p className="cs-muted" data-field="showing">{`Showing ${answer.metrics.length} of ${answer.total}`}</p>
        </>
      )}
    </div>
  );
}
