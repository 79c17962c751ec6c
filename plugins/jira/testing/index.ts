// Test kit of the Jira plugin: a local Jira Cloud to point a configuration at.
export { startJiraStandIn } from './jira-stand-in.js';
export type { JiraStandIn, JiraStandInOptions, RecordedJiraRequest, ScriptedAnswer } from './jira-stand-in.js';
