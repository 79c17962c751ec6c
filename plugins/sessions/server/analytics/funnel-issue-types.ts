import { ISSUE_TYPES, type IssueType } from '../../shared/issue-types.js';
import { ISSUE_TYPE_INFO } from '../issues/thresholds.js';

/**
 * The issue types a funnel weighs: those the product shows. `custom` (the site's own `issue`
 * events) is recorded and kept in the player's list, but spec part 1 §3 marks it not visible,
 * so it never appears among a funnel's issues nor affects a session there.
 */
export const FUNNEL_ISSUE_TYPES: readonly IssueType[] = ISSUE_TYPES.filter((type) => ISSUE_TYPE_INFO[type].visible);
