// Public surface of the funnels plugin: the wire types its routes answer (shared/funnel.ts), as types only.
export type {
  Funnel,
  FunnelFilter,
  FunnelIssue,
  FunnelIssuesAnswer,
  FunnelIssueType,
  FunnelListItem,
  FunnelQueryBody,
  FunnelSessionsAnswer,
  FunnelSessionsCohort,
  FunnelStage,
  SignificanceTest,
} from './shared/funnel.js';
