import { useEffect, useState } from 'react';
import { ALERT_DATE_RANGES, DateRangePicker, formatDateTime, Loader, rangeBounds, useApi, useHost, type DateBounds, type DateRangeValue } from '@cassette/plugin-sdk/ui';
import type { AlertEvaluation, TriggerUnit } from '../../api.js';
import { alertsRoutes } from '../paths.js';

export const HISTORY_LIMIT = 10;
export const NO_HISTORY = 'Not evaluated yet.';
/** The history's picker starts on the past 7 days; it is the alert-related picker, so no 30 minutes or custom range (spec part 1 §9). */
export const HISTORY_DEFAULT_RANGE = 'LAST_7_DAYS' as const;

const shown = (value: number | null, unit: TriggerUnit | undefined) => (value === null ? '—' : `${Math.round(value * 100) / 100}${unit === 'ms' ? ' ms' : ''}`);

/** The alert's last evaluations (`GET /alerts/{id}/history`), newest period first; dates with a time (spec §9). */
export function AlertHistory({ projectId, alertId, unit }: { projectId: number; alertId: number; unit: TriggerUnit | undefined }) {
  const api = useApi();
  const { timezone } = useHost();
  const [rows, setRows] = useState<AlertEvaluation[] | null>(null);
  const [range, setRange] = useState<{ value: DateRangeValue; bounds: DateBounds }>(() => ({ value: HISTORY_DEFAULT_RANGE, bounds: rangeBounds(HISTORY_DEFAULT_RANGE, timezone, Date.now()) }));
  useEffect(() => {
    let live = true;
    api
      .get<AlertEvaluation[]>(`${alertsRoutes.history(projectId, alertId)}?limit=${HISTORY_LIMIT}&startTimestamp=${range.bounds.startDate}&endTimestamp=${range.bounds.endDate}`)
      .then((r) => live && setRows(r))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [api, projectId, alertId, range]);

  return (
    <section className="cs-alert-history" data-testid="alert-history">
      <div className="cs-alert-history-head">
        <h3>History</h3>
        <DateRangePicker value={range.value} ranges={ALERT_DATE_RANGES} onChange={(value, bounds) => setRange({ value, bounds })} />
      </div>
      {rows === null ? (
        <Loader label="Loading history" />
      ) : rows.length === 0 ? (
        <p className="cs-muted">{NO_HISTORY}</p>
      ) : (
        <table className="cs-table">
          <thead>
            <tr>
              <th>Period end</th>
              <th>Value</th>
              <th>Compared</th>
              <th>Condition</th>
              <th>Notice</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.evaluationId} data-testid="alert-history-row" data-fired={r.fired}>
                <td>{formatDateTime(r.periodEnd, timezone)}</td>
                <td data-field="value">{shown(r.value, unit)}</td>
                <td data-field="compared">{r.compared === null ? '—' : Math.round(r.compared * 100) / 100}</td>
                <td>
                  {r.operator} {r.threshold}
                </td>
                <td data-field="notice">{r.notice === 'fired' ? 'Fired' : r.notice === 'recovered' ? 'Recovered' : r.fired ? 'Holding' : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
