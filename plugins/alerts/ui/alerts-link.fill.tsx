import { Link } from 'react-router-dom';
import type { DashboardLinksProps } from '@cassette/plugin-metrics/api';
import { alertsPath } from './paths.js';

/** 'Alerts' beside Dashboards and Metrics, as peers put it in the dashboards menu: the way to the alert panel. */
export function AlertsLink({ projectId }: DashboardLinksProps) {
  return (
    <Link className="cs-btn cs-btn--link cs-btn--small" to={alertsPath(projectId)} data-testid="alerts-link">
      Alerts
    </Link>
  );
}
