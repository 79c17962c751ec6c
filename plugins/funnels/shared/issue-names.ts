// Issue types as funnels show them (spec part 1 §3 "Issue types and icons": the issue list names).
import { ISSUE_TYPE_NAMES, VISIBLE_ISSUE_TYPES, type IssueType } from '@cassette/plugin-sessions/api';

/** Every issue type the sessions plugin raises, with its list name; custom issues are not shown. */
export const ISSUE_NAMES: Record<IssueType, { name: string; visible: boolean }> = Object.fromEntries(
  Object.entries(ISSUE_TYPE_NAMES).map(([type, name]) => [type, { name, visible: VISIBLE_ISSUE_TYPES.includes(type as IssueType) }]),
) as Record<IssueType, { name: string; visible: boolean }>;

/** The list name of an issue type; an unknown type shows as it is. */
export function issueName(type: string): string {
  return (ISSUE_NAMES as Record<string, { name: string } | undefined>)[type]?.name ?? type;
}

/** 'Click Rage on "Pay now"'; just the name when the issue has no context ('NA'). */
export function issueTitle(type: string, contextString: string): string {
  return contextString && contextString !== 'NA' ? `${issueName(type)} on "${contextString}"` : issueName(type);
}
