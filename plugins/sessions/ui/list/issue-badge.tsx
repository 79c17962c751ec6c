import type { IssueType } from '../../shared/issue-types.js';
import { IssueIcon } from '../common/issue-icons.js';
import { issueListName } from './issue-names.js';

/** The player's icon for the issue, named for screen readers and on hover. */
export function IssueBadge({ type }: { type: string }) {
  const name = issueListName(type);
  return (
    <span className="cs-session-issue" title={name}>
      <IssueIcon type={type as IssueType} title={name} />
    </span>
  );
}
