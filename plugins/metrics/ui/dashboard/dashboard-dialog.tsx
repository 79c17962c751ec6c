import { useState } from 'react';
import { Button, Checkbox, FormErrors, Input, Modal, useApi, useToast } from '@cassette/plugin-sdk/ui';
import { DEFAULT_DASHBOARD_NAME, TOASTS } from '../constants.js';
import { isNameValid } from '../editor/metric-draft.js';
import { metricsRoutes } from '../paths.js';
import type { Dashboard } from '../wire.js';

export const DASHBOARD_NAME_REQUIRED = 'The dashboard needs a name.';

export interface DashboardDialogProps {
  projectId: number;
  /** The dashboard to edit; none to create one. */
  dashboard?: Pick<Dashboard, 'dashboardId' | 'name' | 'isPublic'> | null;
  onSaved(dashboard: Dashboard): void;
  onClose(): void;
}

/** Create or edit a dashboard: its name (not empty) and whether the team sees it. */
export function DashboardDialog({ projectId, dashboard = null, onSaved, onClose }: DashboardDialogProps) {
  const api = useApi();
  const toast = useToast();
  const [name, setName] = useState(dashboard?.name ?? DEFAULT_DASHBOARD_NAME);
  const [isPublic, setIsPublic] = useState(dashboard?.isPublic ?? true);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (!isNameValid(name)) return setError(DASHBOARD_NAME_REQUIRED);
    setSaving(true);
    try {
      const body = { name: name.trim(), isPublic };
      const saved = dashboard ? await api.put<Dashboard>(metricsRoutes.dashboard(projectId, dashboard.dashboardId), body) : await api.post<Dashboard>(metricsRoutes.dashboards(projectId), body);
      toast(dashboard ? TOASTS.dashboardUpdated : TOASTS.dashboardCreated, 'success');
      onSaved(saved);
    } catch {
      toast(TOASTS.dashboardSaveFailed, 'error');
      setSaving(false);
    }
  };

  return (
    <Modal
      title={dashboard ? 'Edit Dashboard' : 'Create Dashboard'}
      onClose={onClose}
      size="small"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" loading={saving} disabled={!isNameValid(name)} onClick={() => void save()}>
            {dashboard ? 'Update' : 'Create'}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Input label="Name" value={name} maxLength={100} onChange={(event) => (setName(event.target.value), setError(null))} />
        <Checkbox label="Shared with team" checked={isPublic} onChange={(event) => setIsPublic(event.target.checked)} />
        {error && <FormErrors errors={[error]} />}
      </form>
    </Modal>
  );
}
