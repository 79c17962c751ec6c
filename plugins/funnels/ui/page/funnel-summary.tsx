import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Funnel, FunnelSessionsCohort } from '../../shared/funnel.js';
import { formatCount, formatPercent } from '../common/format.js';
import { NumberButton } from '../common/number-button.js';
import { IssueMeter } from './issue-meter.js';
import type { SessionsBehind } from './stage-links.js';

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

export interface FunnelSummaryProps {
  funnel: Funnel;
  onShowSessions(behind: SessionsBehind): void;
  /**
   * The page of the sessions the critical issues affected, for a cohort: the issue's own page when
   * there is one, the page of their union (each session once) when there are several; null when
   * there is none (or the issues have not loaded).
   */
  criticalIssuesLink: ((cohort: FunnelSessionsCohort) => string) | null;
  /** The history state issue links carry (the unsaved filter edit). */
  linkState?: unknown;
  /** Shows the issues list, where each critical issue's numbers open its sessions (while the issues load). */
  onShowIssues(): void;
}

/**
 * What the critical issues cost, opening the sessions behind it: the sessions they affected
 * (each once), and for lost conversions those of them that dropped. Until the issues load, the
 * issues list; with none there is nothing behind it.
 */
function CriticalFigure({ field, value, unit, cohort, funnel, criticalIssuesLink, linkState, onShowIssues }: { field: string; value: number; unit: string; cohort: FunnelSessionsCohort } & Omit<FunnelSummaryProps, 'onShowSessions'>) {
  const several = funnel.criticalIssuesCount > 1;
  if (funnel.criticalIssuesCount > 0 && criticalIssuesLink) {
    const whose = several ? `any of the ${funnel.criticalIssuesCount} critical issues` : 'the critical issue';
    return (
      <Link to={criticalIssuesLink(cohort)} state={linkState} className="cs-funnel-number cs-funnel-number--link" data-field={field} title={`The sessions ${whose} affected${cohort === 'dropped' ? ' that dropped' : ''}`}>
        {formatCount(value)}
      </Link>
    );
  }
  if (several)
    return <NumberButton field={field} value={value} unit={unit} label={`Met one of the ${funnel.criticalIssuesCount} critical issues listed below: each issue's numbers open its sessions`} onShow={onShowIssues} />;
  return <NumberButton field={field} value={value} unit={unit} label="" />;
}

/**
 * The funnel's figures over the span: how many converted, and what its critical issues cost
 * (spec part 1 §3 "Funnel": conversions is 100 minus the conversion impact of the issues).
 * Every count opens the sessions behind it.
 */
export function FunnelSummary({ funnel, onShowSessions, criticalIssuesLink, linkState, onShowIssues }: FunnelSummaryProps) {
  const reached = spanConversion(funnel);
  // A one-stage funnel has no span to ask sessions over.
  const span = funnel.lastStage > funnel.firstStage ? { firstStage: funnel.firstStage, lastStage: funnel.lastStage } : null;
  const show = (cohort: FunnelSessionsCohort) => (span ? () => onShowSessions({ cohort, span }) : undefined);
  return (
    <section className="cs-card cs-funnel-summary" aria-label="Summary" data-testid="funnel-summary">
      <Figure label="Converted" field="converted" hint={`Sessions of Step ${funnel.firstStage} that went on to Step ${funnel.lastStage}`}>
        {formatPercent(reached.percent)}{' '}
        <span className="cs-muted cs-funnel-summary__detail">
          (<NumberButton field="converted-sessions" value={reached.converted} label={`The sessions of Step ${funnel.firstStage} that reached Step ${funnel.lastStage}`} onShow={show('converted')} /> of{' '}
          <NumberButton field="entered-sessions" value={reached.entered} label={`The sessions that reached Step ${funnel.firstStage}`} onShow={show('entered')} />)
        </span>
      </Figure>
      <Figure label="Conversions" field="conversions" hint="100 % minus the share of the first step's sessions that the critical issues cost">
        {formatPercent(funnel.conversions)}
      </Figure>
      <Figure label="Lost conversions" field="lost-conversions" hint="Sessions affected by a critical issue that did not reach the last step because of it">
        <CriticalFigure field="lost-conversions-sessions" value={funnel.lostConversions} unit="" cohort="dropped" funnel={funnel} criticalIssuesLink={criticalIssuesLink} linkState={linkState} onShowIssues={onShowIssues} />
      </Figure>
      <Figure label="Affected users" field="affected-users" hint="Users who met at least one critical issue">
        <CriticalFigure field="affected-users-sessions" value={funnel.affectedUsers} unit="" cohort="entered" funnel={funnel} criticalIssuesLink={criticalIssuesLink} linkState={linkState} onShowIssues={onShowIssues} />
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
