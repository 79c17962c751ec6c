import { ISSUE_TYPE_NAMES } from '../../api.js';

export { ISSUE_TYPE_NAMES as ISSUE_LIST_NAMES, VISIBLE_ISSUE_TYPES } from '../../api.js';

/** The list name of an issue type; an unknown type shows as it is. */
export function issueListName(type: string): string {
  return (ISSUE_TYPE_NAMES as Readonly<Record<string, string>>)[type] ?? type;
}
