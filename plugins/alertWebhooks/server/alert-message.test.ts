import { describe, expect, it } from 'vitest';
import type { AlertNotice } from '@cassette/plugin-alerts/api';
import { alertMessage } from './alert-message.js';

const NOTICE: AlertNotice = {
  kind: 'recovered',
  alertId: 4,
  alertName: 'Errors doubled',
  projectId: 9,
  projectName: 'Shop',
  tenantId: 2,
  metricName: 'JS Errors',
  unit: 'count',
  detectionMethod: 'change',
  change: 'percent',
  operator: '>',
  threshold: 50,
  value: 12,
  previousValue: 10,
  compared: 20,
  currentPeriod: 120,
  previousPeriod: 60,
  periodEnd: Date.UTC(2026, 9, 6),
  link: 'https://cassette.example.test/9/alerts/4',
  path: '/9/alerts/4',
};

describe('an alert notice as a webhook message', () => {
  it('names a recovery, the change on the previous period in percent, and keeps the tenant out of the data', () => {
    const message = alertMessage(NOTICE);
    expect(message.event).toBe('alert.recovered');
    expect(message.title).toBe('Alert "Errors doubled" recovered');
    expect(message.text.split('\n')).toEqual([
      'JS Errors over the last 2 hours: 12',
      'Previous 1 hour: 10; change: 20 %',
      'Threshold: JS Errors change > 50 % on the previous 1 hour',
      'Project: Shop',
      'The condition no longer holds.',
      'Open the alert: https://cassette.example.test/9/alerts/4',
    ]);
    expect(message.link).toBe(NOTICE.link);
    const { tenantId: _t, path: _p, ...data } = NOTICE;
    expect(message.data).toEqual(data);
  });

  it('reads a period without a measure as no data, and milliseconds with their unit', () => {
    const text = alertMessage({ ...NOTICE, kind: 'fired', detectionMethod: 'threshold', unit: 'ms', metricName: 'Page Load Time (average)', operator: '>=', threshold: 3000, value: null, currentPeriod: 15 }).text;
    expect(text).toContain('Page Load Time (average) over the last 15 min: no data');
    expect(text).toContain('Threshold: Page Load Time (average) >= 3,000 ms');
  });
});
