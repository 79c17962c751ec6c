import { useNavigate, useParams } from 'react-router-dom';
import { AlertsPanel } from './panel/alerts-panel.js';

/** react-router counts the entries it pushed: 0 means the app was opened here (a notice's link in a new tab). */
const cameFromTheApp = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/**
 * `/{siteId}/alerts[/{alertId}]`: the alert management panel (the in-app notice links here).
 * Closing it goes back to the page the member came from, else to the project's dashboards.
 */
export default function AlertsPage() {
  const params = useParams();
  const projectId = Number(params.siteId);
  const alertId = params.alertId ? Number(params.alertId) : null;
  const navigate = useNavigate();
  const close = () => (cameFromTheApp() ? navigate(-1) : navigate(`/${projectId}/dashboard`));
  return <AlertsPanel projectId={projectId} openAlertId={Number.isInteger(alertId) ? alertId : null} onClose={close} />;
}
