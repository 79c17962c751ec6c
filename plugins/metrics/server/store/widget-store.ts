import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import { DEFAULT_WIDGET_COL, type WidgetConfig } from '../../shared/dashboard.js';

/** A widget row: where a metric sits on a dashboard. */
export interface StoredWidget {
  widgetId: number;
  dashboardId: number;
  metricId: number;
  config: WidgetConfig;
}

interface WidgetRow {
  widget_id: number;
  dashboard_id: number;
  metric_id: number;
  position: number;
  col: number;
  row: number;
}

export const DEFAULT_WIDGET_ROW = 2;

const toStored = (r: WidgetRow): StoredWidget => ({ widgetId: r.widget_id, dashboardId: r.dashboard_id, metricId: r.metric_id, config: { position: r.position, col: r.col, row: r.row } });

/** The widgets of these dashboards, each dashboard's by position. */
export async function widgetsOf(run: SqlRunner, dashboardIds: readonly number[]): Promise<StoredWidget[]> {
  if (dashboardIds.length === 0) return [];
  const rows = await run<WidgetRow>(sql`select widget_id, dashboard_id, metric_id, position, col, row from metrics_widgets where dashboard_id in (${[...dashboardIds]}) order by dashboard_id, position, widget_id`);
  return rows.map(toStored);
}

/** Positions 0..n-1 in the given order, written only where they changed. */
async function renumber(run: SqlRunner, ordered: StoredWidget[]): Promise<void> {
  for (const [position, w] of ordered.entries()) {
    if (w.config.position !== position) await run(sql`update metrics_widgets set position = ${position} where widget_id = ${w.widgetId}`);
    w.config.position = position;
  }
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * Places a metric on a dashboard: at the end, or at `config.position` with the widgets from
 * there on moved one down. Call inside a transaction holding the dashboard's lock.
 */
export async function addWidget(run: SqlRunner, dashboardId: number, metricId: number, config: Partial<WidgetConfig> = {}): Promise<StoredWidget> {
  const current = await widgetsOf(run, [dashboardId]);
  const position = clamp(config.position ?? current.length, 0, current.length);
  const [row] = await run<WidgetRow>(sql`insert into metrics_widgets (dashboard_id, metric_id, position, col, row)
    values (${dashboardId}, ${metricId}, ${current.length}, ${config.col ?? DEFAULT_WIDGET_COL}, ${config.row ?? DEFAULT_WIDGET_ROW})
    returning widget_id, dashboard_id, metric_id, position, col, row`);
  const added = toStored(row!);
  current.splice(position, 0, added);
  await renumber(run, current);
  return added;
}

/**
 * Moves a widget to `config.position` (the others close up behind it, so positions stay 0..n-1
 * and a swap is two moves, whichever is saved first) and sets its column span and height.
 * Call inside a transaction holding the dashboard's lock. Null when the widget is not there.
 */
export async function updateWidget(run: SqlRunner, dashboardId: number, widgetId: number, config: Partial<WidgetConfig>): Promise<StoredWidget | null> {
  const current = await widgetsOf(run, [dashboardId]);
  const from = current.findIndex((w) => w.widgetId === widgetId);
  if (from < 0) return null;
  const widget = current[from]!;
  if (config.col !== undefined || config.row !== undefined) {
    await run(sql`update metrics_widgets set col = ${config.col ?? widget.config.col}, row = ${config.row ?? widget.config.row} where widget_id = ${widgetId}`);
    widget.config.col = config.col ?? widget.config.col;
    widget.config.row = config.row ?? widget.config.row;
  }
  current.splice(from, 1);
  current.splice(clamp(config.position ?? from, 0, current.length), 0, widget);
  await renumber(run, current);
  return widget;
}

/** Removes a widget from view (the metric stays); the widgets after it close up. Call inside a transaction holding the dashboard's lock. */
export async function removeWidget(run: SqlRunner, dashboardId: number, widgetId: number): Promise<boolean> {
  const rows = await run<{ widget_id: number }>(sql`delete from metrics_widgets where dashboard_id = ${dashboardId} and widget_id = ${widgetId} returning widget_id`);
  if (rows.length === 0) return false;
  await renumber(run, await widgetsOf(run, [dashboardId]));
  return true;
}

/** The dashboards holding these metrics, among those `userId` sees. */
export async function dashboardsHolding(run: SqlRunner, projectId: number, userId: number, metricIds: readonly number[]): Promise<Map<number, { dashboardId: number; name: string }[]>> {
  const byMetric = new Map<number, { dashboardId: number; name: string }[]>();
  if (metricIds.length === 0) return byMetric;
  const rows = await run<{ metric_id: number; dashboard_id: number; name: string }>(sql`select distinct w.metric_id, d.dashboard_id, d.name
    from metrics_widgets w join metrics_dashboards d on d.dashboard_id = w.dashboard_id
    where d.project_id = ${projectId} and (d.user_id = ${userId} or d.is_public) and w.metric_id in (${[...metricIds]})
    order by d.dashboard_id`);
  for (const r of rows) {
    const list = byMetric.get(r.metric_id) ?? [];
    list.push({ dashboardId: r.dashboard_id, name: r.name });
    byMetric.set(r.metric_id, list);
  }
  return byMetric;
}
