// Where the metrics pages live (spec part 1 §2) and which API routes they call (the api client prefixes /api).

export const dashboardPath = (siteId: number, dashboardId?: number | null) => (dashboardId ? `/${siteId}/dashboard/${dashboardId}` : `/${siteId}/dashboard`);
/** A metric's page within a dashboard; `create` for a new metric placed on it. */
export const dashboardMetricPath = (siteId: number, dashboardId: number, metricId: number | 'create') => `/${siteId}/dashboard/${dashboardId}/metric/${metricId}`;
export const metricsListPath = (siteId: number) => `/${siteId}/metrics`;
export const metricPath = (siteId: number, metricId: number | 'create') => `/${siteId}/metrics/${metricId}`;

export const metricsRoutes = {
  metrics: (projectId: number) => `/${projectId}/metrics`,
  metric: (projectId: number, metricId: number) => `/${projectId}/metrics/${metricId}`,
  templates: (projectId: number) => `/${projectId}/metrics/templates`,
  chart: (projectId: number, metricId: number) => `/${projectId}/metrics/${metricId}/chart`,
  tryChart: (projectId: number) => `/${projectId}/metrics/try`,
  sessions: (projectId: number, metricId: number) => `/${projectId}/metrics/${metricId}/sessions`,
  trySessions: (projectId: number) => `/${projectId}/metrics/try/sessions`,
  dashboards: (projectId: number) => `/${projectId}/dashboards`,
  dashboard: (projectId: number, dashboardId: number) => `/${projectId}/dashboards/${dashboardId}`,
  pin: (projectId: number, dashboardId: number) => `/${projectId}/dashboards/${dashboardId}/pin`,
  widgets: (projectId: number, dashboardId: number) => `/${projectId}/dashboards/${dashboardId}/widgets`,
  widget: (projectId: number, dashboardId: number, widgetId: number) => `/${projectId}/dashboards/${dashboardId}/widgets/${widgetId}`,
  dashboardMetrics: (projectId: number, dashboardId: number) => `/${projectId}/dashboards/${dashboardId}/metrics`,
  /** A catalogue widget's figures (`POST /dashboard/{key}`). */
  catalogueWidget: (projectId: number, key: string) => `/${projectId}/dashboard/${encodeURIComponent(key)}`,
} as const;
