import { useState } from 'react';
import { BellIcon, Tooltip } from '@cassette/plugin-sdk/ui';
import type { WidgetAlertProps } from '@cassette/plugin-metrics/api';
import { AlertForm } from './form/alert-form.js';
import { newDraft, seriesTrigger } from './form/alert-draft.js';
import { useTriggers } from './form/use-triggers.js';

export const SET_ALERT = 'Set Alert';

/** The bell on a dashboard card (spec §2 "Dashboard widget card"): the alert form prefilled with the widget's first series. */
export function WidgetAlertBell({ projectId, widget }: WidgetAlertProps) {
  const [open, setOpen] = useState(false);
  // Only a custom timeseries metric has series an alert can watch.
  if (widget.metricType !== 'timeseries') return null;
  return (
    <>
      <Tooltip content={SET_ALERT}>
        <button type="button" className="cs-icon-btn" aria-label={SET_ALERT} title={SET_ALERT} onClick={() => setOpen(true)} data-testid="widget-set-alert">
          <BellIcon />
        </button>
      </Tooltip>
      {open && <WidgetAlertForm projectId={projectId} left={seriesTrigger(widget.metricId)} onClose={() => setOpen(false)} />}
    </>
  );
}

function WidgetAlertForm({ projectId, left, onClose }: { projectId: number; left: string; onClose(): void }) {
  const triggers = useTriggers(projectId);
  return <AlertForm projectId={projectId} initial={newDraft(left)} triggers={triggers} onSaved={onClose} onDeleted={onClose} onClose={onClose} />;
}
