import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { ApiError, Button, ConfirmDialog, DateRangePicker, EditableText, FormErrors, Loader, NoContent, useApi, useHost, useToast } from '@cassette/plugin-sdk/ui';
import { MetricChartView, type PointDrill } from '../charts/metric-chart-view.js';
import { DEFAULT_DASHBOARD_RANGE, DELETE_METRIC_QUESTION, TOASTS, WIDGET_HEIGHT } from '../constants.js';
import { bodyOf } from '../editor/metric-draft.js';
import { metricEditorMachine } from '../editor/metric-editor.machine.js';
import { periodOf, rangeChoice, type RangeChoice } from '../dashboard/dashboard-period.js';
import { dashboardMetricPath, dashboardPath, metricPath, metricsListPath, metricsRoutes } from '../paths.js';
import type { Metric, MetricDraft } from '../wire.js';
import { MetricEditorPanel } from './metric-editor-panel.js';
import { MetricSessions } from './metric-sessions.js';
import { useMetricPreview } from './use-metric-preview.js';
import { useMetricSessions, type Drill } from './use-metric-sessions.js';

/**
 * `/{siteId}/metrics/{metricId}` and `/{siteId}/dashboard/{dashboardId}/metric/{metricId}`
 * (`create` for a new one): the metric loads, then its editor opens.
 */
export default function MetricPage() {
  const params = useParams();
  const projectId = Number(params.siteId);
  const dashboardId = params.dashboardId ? Number(params.dashboardId) : null;
  const creating = params.metricId === 'create';
  const metricId = creating ? null : Number(params.metricId);
  const api = useApi();
  const [metric, setMetric] = useState<Metric | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (metricId === null) return;
    let live = true;
    setMetric(null);
    api
      .get<Metric>(metricsRoutes.metric(projectId, metricId))
      .then((m) => live && setMetric(m))
      .catch((error: { status?: number }) => live && setFailure(error?.status === 404 ? 'This metric does not exist, or is not shared with you.' : 'The metric could not be loaded.'));
    return () => {
      live = false;
    };
  }, [api, projectId, metricId]);

  if (failure) return <NoContent title={failure} />;
  if (!creating && !metric) return <Loader label="Loading metric" />;
  return <MetricEditorPage key={metric?.metricId ?? 'create'} projectId={projectId} dashboardId={dashboardId} metric={metric} />;
}

function MetricEditorPage({ projectId, dashboardId, metric }: { projectId: number; dashboardId: number | null; metric: Metric | null }) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const { timezone } = useHost();
  const back = dashboardId ? dashboardPath(projectId, dashboardId) : metricsListPath(projectId);

  const machine = useMemo(
    () =>
      metricEditorMachine.provide({
        actors: {
          saveMetric: fromPromise(async ({ input }: { input: { metricId: number | null; draft: MetricDraft } }) => {
            const body = bodyOf(input.draft);
            if (input.metricId !== null) return api.put<Metric>(metricsRoutes.metric(projectId, input.metricId), body);
            // A new metric from a dashboard is placed on it as it is created.
            if (dashboardId) return api.post<Metric>(metricsRoutes.dashboardMetrics(projectId, dashboardId), body);
            return api.post<Metric>(metricsRoutes.metrics(projectId), body);
          }),
        },
      }),
    [api, projectId, dashboardId],
  );
  const editor = useActorRef(machine, { input: { metric } });
  const { draft, editOpen, saveError } = useSelector(editor, (s) => s.context);
  const saving = useSelector(editor, (s) => s.matches('saving'));

  useEffect(() => {
    const saved = editor.on('saved', ({ metric: savedMetric, created }) => {
      toast(created ? TOASTS.metricCreated : TOASTS.metricUpdated, 'success');
      if (created) navigate(dashboardId && dashboardId > 0 ? dashboardMetricPath(projectId, dashboardId, savedMetric.metricId) : metricPath(projectId, savedMetric.metricId), { replace: true });
    });
    const failed = editor.on('saveFailed', () => toast(TOASTS.metricSaveFailed, 'error'));
    return () => (saved.unsubscribe(), failed.unsubscribe());
  }, [editor, toast, navigate, projectId, dashboardId]);

  const [range, setRange] = useState<RangeChoice>(() => rangeChoice(DEFAULT_DASHBOARD_RANGE, timezone));
  const period = useMemo(() => periodOf(range), [range]);
  const preview = useMetricPreview(projectId, draft, period);
  const [drill, setDrill] = useState<Drill>(null);
  const [page, setPage] = useState(1);
  const sessions = useMetricSessions(projectId, draft, period, drill, page);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const onPoint = useMemo(() => (p: PointDrill) => (setDrill({ kind: 'point', ...p }), setPage(1)), []);
  const onRow = useMemo(() => (value: string) => (setDrill({ kind: 'row', value }), setPage(1)), []);

  const remove = async () => {
    if (!metric) return;
    try {
      await api.del(metricsRoutes.metric(projectId, metric.metricId));
      toast(TOASTS.metricDeleted, 'success');
      navigate(back);
    } catch (error) {
      // The spec has no toast for this: the server's reason says what went wrong.
      toast(error instanceof ApiError ? error.errors.join(' ') : 'The metric could not be deleted. Try again.', 'error');
      setConfirmDelete(false);
    }
  };

  const chartMatchesDraft = preview.chart?.metricType === draft.metricType;
  return (
    <div className="cs-page cs-metric-page" data-testid="metric-page">
      <header className="cs-metric-page__header">
        <Button variant="link" size="small" onClick={() => navigate(back)}>
          ← Back
        </Button>
        <div className="cs-metric-page__name" data-field="metric-name">
          <EditableText value={draft.name} onSave={(name) => editor.send({ type: 'SET_NAME', name })} label="Metric name" />
        </div>
        <div className="cs-metric-page__actions">
          <Button variant="secondary" size="small" onClick={() => editor.send({ type: 'TOGGLE_EDIT' })} aria-expanded={editOpen}>
            {editOpen ? 'Close' : 'Edit'}
          </Button>
          {metric && (
            <Button variant="ghost" size="small" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
          <Button variant="primary" size="small" loading={saving} onClick={() => editor.send({ type: 'SAVE' })}>
            {metric ? 'Update' : 'Save'}
          </Button>
        </div>
      </header>
      {saveError && <FormErrors errors={[saveError]} />}
      {editOpen && <MetricEditorPanel projectId={projectId} editor={editor} draft={draft} />}

      <section className="cs-metric-trend" data-testid="metric-trend">
        <header className="cs-metric-trend__header">
          <h2>Trend</h2>
          <DateRangePicker value={range.value} startDate={range.startDate} endDate={range.endDate} onChange={(value, bounds) => (setRange({ value, ...bounds }), setDrill(null), setPage(1))} />
        </header>
        {preview.failure ? (
          <p role="alert">{preview.failure}</p>
        ) : !preview.chart || !chartMatchesDraft ? (
          <Loader label="Loading chart" />
        ) : (
          <MetricChartView viewType={draft.viewType} chart={preview.chart} height={WIDGET_HEIGHT} onPoint={onPoint} onRow={onRow} selectedRow={drill?.kind === 'row' ? drill.value : null} />
        )}
      </section>

      <MetricSessions projectId={projectId} answer={sessions.answer} loading={sessions.loading} failed={sessions.failed} drill={drill} page={page} onPage={setPage} onClearDrill={() => (setDrill(null), setPage(1))} />

      {confirmDelete && <ConfirmDialog message={DELETE_METRIC_QUESTION} confirmLabel="Yes, delete" onConfirm={() => void remove()} onCancel={() => setConfirmDelete(false)} />}
    </div>
  );
}
