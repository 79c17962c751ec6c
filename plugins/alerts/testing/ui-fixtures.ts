// Alerts as the routes answer them, for the UI's page tests.
import type { Alert, AlertEvaluation, AlertTrigger } from '../api.js';

export function alertFixture(alertId: number, overrides: Partial<Alert> = {}): Alert {
  return {
    alertId,
    projectId: 7,
    name: `Alert ${alertId}`,
    description: '',
    active: true,
    detectionMethod: 'threshold',
    change: 'absolute',
    query: { left: 'performance.page_load_time.average', operator: '>', right: 3000 },
    options: { currentPeriod: 15, previousPeriod: 15, message: [], change: 'absolute', renotifyInterval: 60 },
    slack: false,
    email: false,
    webhook: false,
    slackInput: [],
    emailInput: [],
    webhookInput: [],
    createdAt: Date.UTC(2026, 0, 5, 10, 30),
    firing: false,
    lastEvaluatedAt: null,
    ...overrides,
  };
}

export const triggerFixtures: AlertTrigger[] = [
  { value: 'performance.page_load_time.average', name: 'Page Load Time (average)', unit: 'ms', group: 'performance' },
  { value: 'errors.javascript.count', name: 'JS Errors', unit: 'count', group: 'errors' },
  { value: 'metric.10.series.0', name: 'Visits - Series 1', unit: 'count', group: 'custom' },
  { value: 'errors.backend.count', name: 'Backend Errors', unit: 'count', group: 'errors', unavailable: 'Backend errors come from log sources: this trigger measures nothing yet.' },
];

export function evaluationFixture(evaluationId: number, overrides: Partial<AlertEvaluation> = {}): AlertEvaluation {
  return {
    evaluationId,
    periodEnd: Date.UTC(2026, 0, 5, 11, 0),
    evaluatedAt: Date.UTC(2026, 0, 5, 11, 1),
    value: 3500,
    previousValue: null,
    compared: 3500,
    operator: '>',
    threshold: 3000,
    fired: true,
    notice: 'fired',
    ...overrides,
  };
}
