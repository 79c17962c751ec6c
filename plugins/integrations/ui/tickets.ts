import type { TicketIssueType, TicketProject } from '../shared/integration.js';

/** `GET /integrations/issues/list_projects` (README "Routes"). */
export interface TicketProjectsAnswer {
  provider: string;
  projects: (TicketProject & { issueTypes: TicketIssueType[] })[];
}

export const TITLE_MAX = 255;
export const TITLE_REQUIRED = 'Title is required.';
export const PROJECT_REQUIRED = 'Choose a project.';
export const ISSUE_TYPE_REQUIRED = 'Choose an issue type.';

/** The description a ticket starts with: room for the reporter's words, then the link to the moment. */
export function prefilledDescription(link: string): string {
  return `\n\nSession: ${link}`;
}

export interface NewTicketDraft {
  projectId: string;
  issueTypeId: string;
  title: string;
}

export function draftProblems(draft: NewTicketDraft): Partial<Record<keyof NewTicketDraft, string>> {
  const problems: Partial<Record<keyof NewTicketDraft, string>> = {};
  if (!draft.projectId) problems.projectId = PROJECT_REQUIRED;
  if (!draft.issueTypeId) problems.issueTypeId = ISSUE_TYPE_REQUIRED;
  if (!draft.title.trim()) problems.title = TITLE_REQUIRED;
  return problems;
}
