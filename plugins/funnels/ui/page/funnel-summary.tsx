import type { ReactNode } from 'react';
import type { Funnel } from '../../shared/funnel.js';
import { formatCount, formatPercent } from '../common/format.js';
import { IssueMeter } from './issue-meter.js';

function Figure({ label, hint, field, children }: { label: string; hint: string; field: string; children: ReactNode }) {
  return (
    <div className="cs-funnel-summary__figure" title={hint}>
      <span className="cs-funnel-summary__label">{label}</span>
      <strong className="cs-funnel-summary__value" data-field={field}>
        {children}
      </strong>
    </div>
  );
}

/** Sessions of the span's first step that reached its last, as a share: what people read first. */
export function spanConversion(funnel: Pick<Funnel, 'stages' | 'firstStage' | 'lastStage'>): { entered: number; converted: number; percent: number } {
  const entered = funnel.stages[funnel.firstStage - 1]?.sessionsCount ?? 0;
  const converted = funnel.stages[funnel.lastStage - 1]?.sessionsCount ?? 0;
  return { entered, converted, percent: entered === 0 ? 0 : Math.round((converted / entered) * 1000) / 10 };
}

/**
 * The funnel's figures over the span: how many converted, and what its critical issues cost
 * (spec part 1 §3 "Funnel": conversions is 100 minus the conversion impact of the issues).
 */
export function FunnelSummary({ funnel }: { funnel: Funnel }) {
  const reached = spanConversion(funnel);
  return (
    <section className="cs-card cs-funnel-summary" aria-label="Summary" data-testid="funnel-summary">
      <Figure label="Converted" field="converted" hint={`Sessions of Step ${funnel.firstStage} that went on to Step ${funnel.lastStage}`}>
        {formatPercent(reached.percent)}{' '}
        <span className="cs-muted cs-funnel-summary__detail">
          ({formatCount(reached.converted)} of {formatCount(reached.entered)})
        </span>
      </Figure>
      <Figure label="Conversions" field="conversions" hint="100 % minus the share of the first step's sessions that the critical issues cost">
        {formatPercent(funnel.conversions)}
      </Figure>
      <Figure label="Lost conversions" field="lost-conversions" hint="Sessions affected by a critical issue that did not reach the last step because of it">
        {formatCount(funnel.lostConversions)}
      </Figure>
      <Figure label="Affected users" field="affected-users" hint="Users who met at least one critical issue">
        {formatCount(funnel.affectedUsers)}
      </Figure>
      <div className="cs-funnel-summary__figure" title="Issues that lower conversion beyond chance (significant after correction across the issues)">
        <span className="cs-funnel-summary__label">Critical issues</span>
        <span className="cs-funnel-summary__meter">
          <strong className="cs-funnel-summary__value" data-field="critical-issues">
            {formatCount(funnel.criticalIssuesCount)}
          </strong>
          <IssueMeter criticalIssuesCount={funnel.criticalIssuesCount} />
        </span>
      </div>
    </section>
  );
}
