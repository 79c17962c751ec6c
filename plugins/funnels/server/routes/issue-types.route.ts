import { defineRoute } from '@cassette/plugin-sdk/server';
import type { FunnelIssueType } from '../../shared/funnel.js';
import { ISSUE_NAMES } from '../../shared/issue-names.js';
import { FUNNELS_ACCESS } from './funnel-access.js';

const ISSUE_TYPES: FunnelIssueType[] = Object.entries(ISSUE_NAMES).map(([type, { name, visible }]) => ({ type, name, visible }));

/** Spec part 1 §7 `GET /funnels/issue_types`: the issue types with their list names; custom issues are not visible. */
export const issueTypesRoute = defineRoute({
  method: 'GET',
  url: '/funnels/issue_types',
  access: FUNNELS_ACCESS,
  summary: 'The issue types funnels report, with their list names and whether the list shows them',
  schema: {},
  handler: async (): Promise<FunnelIssueType[]> => ISSUE_TYPES,
});
