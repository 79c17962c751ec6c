// Test kit of the GitHub plugin: a local GitHub REST API to point the plugin's `apiUrl` at.
export { startGithubStandIn } from './github-stand-in.js';
export type { GithubStandIn, RecordedGithubRequest, ScriptedAnswer } from './github-stand-in.js';
