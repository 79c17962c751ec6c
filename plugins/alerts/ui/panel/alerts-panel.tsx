import { useCallback, useEffect, useState } from 'react';
import { Button, FormErrors, Input, Loader, NoContent, SidePanel, formatDateTime, useApi, useHost } from '@cassette/plugin-sdk/ui';
import type { Alert } from '../../api.js';
import { PANEL_TITLE, SEARCH_PLACEHOLDER } from '../constants.js';
import { alertsRoutes } from '../paths.js';
import { AlertForm } from '../form/alert-form.js';
import { draftOf, newDraft, type AlertDraft } from '../form/alert-draft.js';
import { useTriggers } from '../form/use-triggers.js';
import { matchingAlerts } from './alert-search.js';

export interface AlertsPanelProps {
  projectId: number;
  /** An alert to open at once (a notice's link). */
  openAlertId?: number | null;
  onClose(): void;
}

/** Alert management (spec §2 "Side panels"): title Alerts, an add button, the search, the list, and the form of the alert opened. */
export function AlertsPanel({ projectId, openAlertId = null, onClose }: AlertsPanelProps) {
  const api = useApi();
  const { timezone } = useHost();
  const triggers = useTriggers(projectId);
  const [alerts, setAlerts] = useState<Alert[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<{ key: number; draft: AlertDraft } | null>(null);

  const load = useCallback(() => {
    api
      .get<Alert[]>(alertsRoutes.alerts(projectId))
      .then((a) => (setAlerts(a), setFailed(false)))
      .catch(() => setFailed(true));
  }, [api, projectId]);
  useEffect(load, [load]);

  // Opens the alert a link names, once the list knows it.
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (opened || openAlertId === null || !alerts) return;
    const alert = alerts.find((a) => a.alertId === openAlertId);
    if (alert) setEditing({ key: alert.alertId, draft: draftOf(alert) });
    setOpened(true);
  }, [alerts, openAlertId, opened]);

  const metricName = (left: string) => triggers?.find((t) => t.value === left)?.name ?? left;
  const shown = alerts ? matchingAlerts(alerts, triggers, query) : [];

  return (
    <SidePanel title={PANEL_TITLE} onClose={onClose}>
      <div className="cs-alerts-panel" data-testid="alerts-panel">
        <div className="cs-alerts-panel__bar">
          <Input aria-label="Search alerts" placeholder={SEARCH_PLACEHOLDER} value={query} onChange={(e) => setQuery(e.target.value)} />
          <Button variant="primary" onClick={() => setEditing({ key: Date.now(), draft: newDraft() })}>
            Create Alert
          </Button>
        </div>
        {failed ? (
          <FormErrors errors={['The alerts could not be loaded.']} />
        ) : !alerts ? (
          <Loader label="Loading alerts" />
        ) : shown.length === 0 ? (
          <NoContent />
        ) : (
          <ul className="cs-alerts-panel__list">
            {shown.map((a) => (
              <li key={a.alertId} data-testid="alert-item" data-alert-id={a.alertId}>
                <button type="button" className="cs-alerts-panel__item" onClick={() => setEditing({ key: a.alertId, draft: draftOf(a) })}>
                  <span data-field="name">{a.name}</span>
                  <span className="cs-muted" data-field="metric">
                    {metricName(a.query.left)} {a.query.operator} {a.query.right}
                  </span>
                  <span className="cs-muted" data-field="created">
                    {formatDateTime(a.createdAt, timezone)}
                  </span>
                  {!a.active && <span className="cs-muted">Inactive</span>}
                  {a.firing && <span className="cs-alerts-panel__firing">Firing</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {editing && (
        <AlertForm
          key={editing.key}
          projectId={projectId}
          initial={editing.draft}
          triggers={triggers}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setAlerts((list) => (created ? [saved, ...(list ?? [])] : (list ?? []).map((a) => (a.alertId === saved.alertId ? saved : a))));
            // Spec §4: saving a new alert closes the detail; saving an existing one keeps it open.
            if (created) setEditing(null);
          }}
          onDeleted={(alertId) => {
            setAlerts((list) => (list ?? []).filter((a) => a.alertId !== alertId));
            setEditing(null);
          }}
        />
      )}
    </SidePanel>
  );
}
