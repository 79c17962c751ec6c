// Where the alert panel opens (the in-app notice links to `/{projectId}/alerts/{alertId}`) and the API routes it calls (the api client prefixes /api).

export const alertsPath = (siteId: number, alertId?: number | null) => (alertId ? `/${siteId}/alerts/${alertId}` : `/${siteId}/alerts`);

export const alertsRoutes = {
  alerts: (projectId: number) => `/${projectId}/alerts`,
  triggers: (projectId: number) => `/${projectId}/alerts/triggers`,
  alert: (projectId: number, alertId: number) => `/${projectId}/alerts/${alertId}`,
  history: (projectId: number, alertId: number) => `/${projectId}/alerts/${alertId}/history`,
};

/** The host's Preferences tab where the webhooks plugin lists the organization's webhooks. */
export const WEBHOOK_SETTINGS_PATH = '/client/webhooks';
