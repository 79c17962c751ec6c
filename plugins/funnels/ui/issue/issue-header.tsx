import type { FunnelIssue } from '../../shared/funnel.js';
import { formatCount, formatPercent } from '../common/format.js';
import { significanceLines } from '../page/significance.js';

/** What the issue is, where, what it cost the funnel and how sure that is. */
export function IssueHeader({ issue }: { issue: FunnelIssue }) {
  const { significant } = issue.significance;
  return (
    <section className="cs-card cs-funnel-issue-header" data-testid="issue-header">
      <div className="cs-funnel-issue-header__what">
        <p className="cs-muted cs-funnel-issue-header__type" data-field="name">
          {issue.name}
        </p>
        <h1 className="cs-page__title" data-field="title">
          {issue.title}
        </h1>
        {issue.contextString && issue.contextString !== 'NA' && (
          <p className="cs-funnel-issue-header__context" data-field="context">
            {issue.contextString}
          </p>
        )}
      </div>
      <dl className="cs-funnel-issue-header__figures">
        <div>
          <dt>Affected sessions</dt>
          <dd data-field="affected-sessions">{formatCount(issue.affectedSessions)}</dd>
        </div>
        <div>
          <dt>Affected users</dt>
          <dd data-field="affected-users">{formatCount(issue.affectedUsers)}</dd>
        </div>
        <div>
          <dt>Lost conversions</dt>
          <dd data-field="lost-conversions">{formatCount(issue.lostConversions)}</dd>
        </div>
        <div>
          <dt>Conversion impact</dt>
          <dd data-field="conversion-impact">{formatPercent(issue.conversionImpact)}</dd>
        </div>
        <div>
          <dt>Conversion with / without it</dt>
          <dd data-field="conversions">
            {formatPercent(issue.affectedConversion)} / {formatPercent(issue.unaffectedConversion)}
          </dd>
        </div>
      </dl>
      <p className="cs-funnel-issue-header__significance" data-field="significance">
        <span className={['cs-badge', significant ? 'cs-badge--danger' : ''].filter(Boolean).join(' ')}>{significant ? 'Significant' : 'Not significant'}</span>{' '}
        <span className="cs-muted">{significanceLines(issue.significance).join(' · ')}</span>
      </p>
    </section>
  );
}
