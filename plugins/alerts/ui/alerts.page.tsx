import { useNavigate, useParams } from 'react-router-dom';
import { AlertsPanel } from './panel/alerts-panel.js';

/**
 * `/{siteId}/alerts[/{alertId}]`: the alert management panel (the in-app notice links here),
 * over the page the member came from; closing it goes back.
 */
export default function AlertsPage() {
  const params = useParams();
  const projectId = Number(params.siteId);
  const alertId = params.alertId ? Number(params.alertId) : null;
  const navigate = useNavigate();
  return <AlertsPanel projectId={projectId} openAlertId={Number.isInteger(alertId) ? alertId : null} onClose={() => navigate(-1)} />;
}
