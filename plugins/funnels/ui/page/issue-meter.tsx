import { useMemo } from 'react';
import { Chart } from '@cassette/plugin-sdk/ui';
import { issueMeterLevel, issueMeterOptions, issueMeterText } from './issue-meter-level.js';

/** How bad the critical issues are at a glance: a small 90 × 30 chart and Good / Few Issues / Many Issues. */
export function IssueMeter({ criticalIssuesCount }: { criticalIssuesCount: number }) {
  const options = useMemo(() => issueMeterOptions(criticalIssuesCount), [criticalIssuesCount]);
  return (
    <span className="cs-issue-meter" data-testid="issue-meter" data-level={issueMeterLevel(criticalIssuesCount)}>
      <Chart options={options} className="cs-issue-meter__chart" />
      <span className="cs-issue-meter__text" data-field="meter-text">
        {issueMeterText(criticalIssuesCount)}
      </span>
    </span>
  );
}
