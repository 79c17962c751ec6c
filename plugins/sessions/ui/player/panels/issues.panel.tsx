import { useMemo } from 'react';
import { formatElapsed, NoContent } from '@cassette/plugin-sdk/ui';
import type { PanelProps } from './panel-types.js';
import { byTime, currentItemIndex } from './current-item.js';
import { IssueIcon } from '../../common/issue-icons.js';
import { activatable, playbackClasses } from './panel-controls.js';

export function IssuesPanel({ session, currentTime, seek }: PanelProps) {
  // Hidden types (custom) come with the session but are not listed (spec part 1 §3).
  const issues = useMemo(() => byTime(session.issues.filter((issue) => issue.visible)), [session.issues]);
  const current = currentItemIndex(issues, currentTime);

  return (
    <div className="cs-panel cs-issues" data-testid="panel-issues">
      <div className="cs-panel__body">
        {issues.length === 0 ? (
          <NoContent size="small" />
        ) : (
          <ul className="cs-panel__list">
            {issues.map((issue, index) => (
              <li
                key={issue.issueId}
                data-testid="issue-row"
                data-issue-type={issue.type}
                aria-current={index === current ? 'true' : undefined}
                className={['cs-panel-row', 'cs-issue-row', ...playbackClasses(index, current)].join(' ')}
                {...activatable(() => seek(issue.time))}
              >
                <span className="cs-panel__time">{formatElapsed(issue.time, { padMinutes: true })}</span>
                <span className="cs-issue-row__icon">
                  <IssueIcon type={issue.type} />
                </span>
                <span className="cs-panel__main">
                  <span className="cs-panel__title cs-issue-row__name">{issue.name}</span>
                  {issue.contextString && (
                    <>
                      {' '}
                      <span className="cs-panel__detail cs-issue-row__context">{issue.contextString}</span>
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
