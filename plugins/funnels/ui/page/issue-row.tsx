import { Link } from 'react-router-dom';
import { Tooltip } from '@cassette/plugin-sdk/ui';
import type { FunnelIssue, FunnelSessionsCohort } from '../../shared/funnel.js';
import { formatCount, formatPercent } from '../common/format.js';
import { issueBars, type IssueCount } from './issue-bars.js';
import { significanceLines } from './significance.js';

export interface IssueRowProps {
  issue: FunnelIssue;
  /** The issue page's address for a cohort of its affected sessions. */
  issueLink(cohort: FunnelSessionsCohort): string;
  /** The history state the links carry (the unsaved filter edit). */
  linkState?: unknown;
}

/** Which cohort of the affected sessions a count stands for; unaffected sessions have no page. */
const COUNT_COHORT: Partial<Record<IssueCount, FunnelSessionsCohort>> = { affectedSessions: 'entered', lostConversions: 'dropped' };

/** One issue between the span's stages: what and where, who it hit, what it cost, how sure that is. */
export function IssueRow({ issue, issueLink, linkState }: IssueRowProps) {
  const { significant } = issue.significance;
  return (
    <li className={['cs-funnel-issue', significant ? 'is-significant' : ''].filter(Boolean).join(' ')} data-testid="funnel-issue" data-issue-id={issue.issueId}>
      <div className="cs-funnel-issue__what">
        <div className="cs-funnel-issue__name-line">
          <Link className="cs-funnel-issue__name" to={issueLink('entered')} state={linkState} data-field="name">
            {issue.name}
          </Link>
          <Tooltip
            content={
              <span className="cs-funnel-issue__stats" data-testid="significance">
                {significanceLines(issue.significance).map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </span>
            }
          >
            <span className={['cs-badge', significant ? 'cs-badge--danger' : ''].filter(Boolean).join(' ')} tabIndex={0} data-field="significance">
              {significant ? 'Significant' : 'Not significant'}
            </span>
          </Tooltip>
        </div>
        <div className="cs-funnel-issue__title" data-field="title">
          {issue.title}
        </div>
        {issue.contextString && issue.contextString !== 'NA' && (
          <div className="cs-funnel-issue__context cs-muted" data-field="context" title={issue.contextString}>
            {issue.contextString}
          </div>
        )}
      </div>
      <div className="cs-funnel-issue__figures">
        <span>
          <Link to={issueLink('entered')} state={linkState} className="cs-funnel-number cs-funnel-number--link" data-field="affected-users" title="The affected sessions">
            <strong>{formatCount(issue.affectedUsers)}</strong> users
          </Link>
        </span>
        <span className="cs-muted" data-field="conversion-impact" title="Lost conversions as a share of the sessions that entered the span">
          {formatPercent(issue.conversionImpact)} impact
        </span>
      </div>
      <div className="cs-funnel-issue__bars">
        {issueBars(issue).map((bar) => {
          const cohort = COUNT_COHORT[bar.count];
          const number = <strong>{formatCount(bar.value)}</strong>;
          return (
            <div key={bar.count} className={`cs-funnel-issue__bar-row cs-funnel-issue__bar-row--${bar.count}`} data-testid="issue-bar" data-count={bar.count}>
              <span className="cs-funnel-issue__bar-label">{bar.label}</span>
              <span className="cs-funnel-issue__bar" aria-hidden="true">
                <span className="cs-funnel-issue__bar-fill" style={{ width: `${bar.share}%` }} data-share={bar.share} />
              </span>
              {cohort ? (
                <Link to={issueLink(cohort)} state={linkState} className="cs-funnel-number cs-funnel-number--link" data-field={bar.count} title={`${bar.label}: show them`}>
                  {number}
                </Link>
              ) : (
                <span className="cs-funnel-number" data-field={bar.count}>
                  {number}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </li>
  );
}
