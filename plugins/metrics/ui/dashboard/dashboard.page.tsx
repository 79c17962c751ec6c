import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { APPEARANCE_ROLE_LABELS, resolveAppearance, Button, ConfirmDialog, DateRangePicker, FormErrors, Loader, NoContent, Select, Slot, useApi, useHost, useToast } from '@cassette/plugin-sdk/ui';
import { metricsSlots } from '../../api.js';
import { APPEARANCE_WIDGETS } from '../../shared/appearance-widgets.js';
import { DEFAULT_DASHBOARD_RANGE, TOASTS } from '../constants.js';
import { dashboardMetricPath, dashboardPath, metricsListPath, metricsRoutes } from '../paths.js';
import type { Dashboard, Widget } from '../wire.js';
import { AddMetricDialog, type AddedWidget } from './add-metric-dialog.js';
import { DashboardDialog } from './dashboard-dialog.js';
import { DashboardGrid } from './dashboard-grid.js';
import { hiddenByAppearance } from './dashboard-appearance.js';
import { periodOf, rangeChoice, type RangeChoice } from './dashboard-period.js';
import { useDashboard } from './use-dashboard.js';

type Dialog = null | 'create' | 'edit' | 'delete' | 'add';

/** `/{siteId}/dashboard[/{dashboardId}]`: the selected dashboard (the pinned, else the first) and its widgets. */
export default function DashboardPage() {
  const params = useParams();
  const projectId = Number(params.siteId);
  const requested = params.dashboardId ? Number(params.dashboardId) : null;
  const navigate = useNavigate();
  const api = useApi();
  const toast = useToast();
  const { timezone, account } = useHost();
  const appearance = useMemo(() => resolveAppearance(account.appearance, APPEARANCE_WIDGETS), [account.appearance]);
  const [showHidden, setShowHidden] = useState(false);
  const { actor, snapshot } = useDashboard(projectId, requested);
  const { dashboards, dashboard, selectedId, failure } = snapshot.context;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState(false);
  const [range, setRange] = useState<RangeChoice>(() => rangeChoice(DEFAULT_DASHBOARD_RANGE, timezone));
  const [compare, setCompare] = useState<RangeChoice | null>(null);
  const period = useMemo(() => periodOf(range), [range]);
  const comparePeriod = useMemo(() => (compare ? periodOf(compare) : null), [compare]);

  // The member's appearance hides catalogue widgets (spec part 2 §6) until they ask to see them.
  const hiddenIds = useMemo(() => new Set((dashboard?.widgets ?? []).filter((w) => hiddenByAppearance(appearance, w)).map((w) => w.widgetId)), [dashboard, appearance]);
  const shownWidgets = useMemo(() => (dashboard?.widgets ?? []).filter((w) => showHidden || !hiddenIds.has(w.widgetId)), [dashboard, hiddenIds, showHidden]);

  const select = (dashboardId: number) => {
    actor.send({ type: 'SELECT', dashboardId });
    navigate(dashboardPath(projectId, dashboardId));
  };
  const openWidget = (widget: Widget) => selectedId && navigate(dashboardMetricPath(projectId, selectedId, widget.metricId));

  const addWidget = async (added: AddedWidget) => {
    if (!selectedId) return;
    try {
      await api.post(metricsRoutes.widgets(projectId, selectedId), added);
      toast(TOASTS.widgetAdded, 'success');
      setDialog(null);
      actor.send({ type: 'RELOAD' });
    } catch {
      toast(TOASTS.widgetAddFailed, 'error');
    }
  };

  const deleteDashboard = async () => {
    if (!dashboard) return;
    setDeleting(true);
    try {
      await api.del(metricsRoutes.dashboard(projectId, dashboard.dashboardId));
      toast(TOASTS.dashboardDeleted, 'success');
      actor.send({ type: 'DASHBOARD_DELETED', dashboardId: dashboard.dashboardId });
      navigate(dashboardPath(projectId), { replace: true });
    } catch {
      toast(TOASTS.dashboardDeleteFailed, 'error');
    } finally {
      setDeleting(false);
      setDialog(null);
    }
  };

  const onSaved = (saved: Dashboard) => {
    setDialog(null);
    actor.send({ type: 'DASHBOARD_SAVED', dashboard: saved });
    navigate(dashboardPath(projectId, saved.dashboardId));
  };

  return (
    <div className="cs-page cs-dashboard-page" data-testid="dashboard-page">
      <header className="cs-dashboard-page__header">
        <div className="cs-dashboard-page__title">
          {dashboards.length > 0 && (
            <Select
              aria-label="Dashboard"
              value={selectedId ?? ''}
              options={dashboards.map((d) => ({ value: String(d.dashboardId), label: d.isPinned ? `${d.name} (pinned)` : d.name }))}
              onChange={(event) => select(Number(event.target.value))}
            />
          )}
          <Button variant="secondary" size="small" onClick={() => setDialog('create')}>
            Create Dashboard
          </Button>
          <Button variant="link" size="small" onClick={() => navigate(metricsListPath(projectId))}>
            Metrics
          </Button>
          <Slot slot={metricsSlots.dashboardLinks} props={{ projectId }} />
        </div>
        {dashboard && (
          <div className="cs-dashboard-page__actions">
            <Button variant="ghost" size="small" disabled={dashboard.isPinned} onClick={() => actor.send({ type: 'PIN', dashboardId: dashboard.dashboardId })}>
              {dashboard.isPinned ? 'Pinned' : 'Pin'}
            </Button>
            <Button variant="ghost" size="small" onClick={() => setDialog('edit')}>
              Edit
            </Button>
            <Button variant="ghost" size="small" onClick={() => setDialog('delete')}>
              Delete
            </Button>
            <DateRangePicker value={range.value} startDate={range.startDate} endDate={range.endDate} onChange={(value, bounds) => setRange({ value, ...bounds })} />
            {compare ? (
              <span className="cs-dashboard-page__compare" data-testid="compare-period">
                <span className="cs-muted">Compare to</span>
                <DateRangePicker value={compare.value} startDate={compare.startDate} endDate={compare.endDate} onChange={(value, bounds) => setCompare({ value, ...bounds })} />
                <Button variant="ghost" size="small" aria-label="Stop comparing" onClick={() => setCompare(null)}>
                  ✕
                </Button>
              </span>
            ) : (
              <Button variant="ghost" size="small" onClick={() => setCompare(previousPeriod(range))}>
                Compare
              </Button>
            )}
            <Button variant="primary" size="small" onClick={() => setDialog('add')}>
              Add Metric
            </Button>
          </div>
        )}
      </header>

      {snapshot.matches({ view: 'failed' }) ? (
        <div role="alert">
          <FormErrors errors={[failure ?? 'The dashboard could not be loaded.']} />
          <Button size="small" variant="secondary" onClick={() => actor.send({ type: 'RETRY' })}>
            Retry
          </Button>
        </div>
      ) : snapshot.matches({ view: 'empty' }) ? (
        <NoContent title="No dashboards yet" subtext="Create a dashboard to chart your sessions and place the catalogue's widgets.">
          <Button variant="primary" onClick={() => setDialog('create')}>
            Create Dashboard
          </Button>
        </NoContent>
      ) : !dashboard ? (
        <Loader label="Loading dashboard" />
      ) : dashboard.widgets.length === 0 ? (
        <NoContent title="No metrics on this dashboard" subtext="Add a metric you saved, create one, or pick a widget of the catalogue.">
          <Button variant="primary" onClick={() => setDialog('add')}>
            Add Metric
          </Button>
        </NoContent>
      ) : (
        <>
          {hiddenIds.size > 0 && (
            <div className="cs-dashboard-page__hidden" data-testid="hidden-widgets" role="status">
              <span>{hiddenNotice(hiddenIds.size, APPEARANCE_ROLE_LABELS[appearance.role], showHidden)}</span>
              <Button variant="link" size="small" onClick={() => setShowHidden((shown) => !shown)}>
                {showHidden ? 'Hide them' : 'Show them'}
              </Button>
              <Link className="cs-link" to={APPEARANCE_SETTINGS_PATH}>
                Change appearance
              </Link>
            </div>
          )}
          {shownWidgets.length === 0 ? (
            <NoContent title="Your appearance hides every widget here" subtext="Show them above, or turn their flags on in Preferences › Account › Appearance." />
          ) : (
        <DashboardGrid
          projectId={projectId}
          widgets={shownWidgets}
          hiddenIds={hiddenIds}
          period={period}
          compare={comparePeriod}
          timezone={timezone}
          onOpen={openWidget}
          onRemove={(widget) => actor.send({ type: 'REMOVE_WIDGET', widgetId: widget.widgetId })}
          onSwap={(fromWidgetId, toWidgetId) => actor.send({ type: 'SWAP', fromWidgetId, toWidgetId })}
        />
          )}
        </>
      )}

      {(dialog === 'create' || (dialog === 'edit' && dashboard)) && <DashboardDialog projectId={projectId} dashboard={dialog === 'edit' ? dashboard : null} onSaved={onSaved} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && dashboard && (
        <ConfirmDialog message={`Are you sure you want to permanently delete "${dashboard.name}"?`} confirmLabel="Yes, delete" loading={deleting} onConfirm={() => void deleteDashboard()} onCancel={() => setDialog(null)} />
      )}
      {dialog === 'add' && dashboard && (
        <AddMetricDialog
          projectId={projectId}
          placedMetricIds={dashboard.widgets.map((w) => w.metricId)}
          onAdd={(added) => void addWidget(added)}
          onCreate={() => navigate(dashboardMetricPath(projectId, dashboard.dashboardId, 'create'))}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

/** Comparing starts with the period of the same length just before the main one (a custom range the user can change). */
function previousPeriod(range: RangeChoice): RangeChoice {
  const length = range.endDate - range.startDate;
  return { value: 'CUSTOM_RANGE', startDate: range.startDate - length - 1, endDate: range.startDate - 1 };
}

/** Where a member changes their appearance (the host's Preferences › Account). */
export const APPEARANCE_SETTINGS_PATH = '/client/account';

function hiddenNotice(count: number, role: string, shown: boolean): string {
  const widgets = count === 1 ? '1 catalogue widget' : `${count} catalogue widgets`;
  return shown ? `Showing ${widgets} your appearance (${role}) hides.` : `${widgets} hidden by your appearance (${role}).`;
}
