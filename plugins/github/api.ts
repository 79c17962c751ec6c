// Public surface of the GitHub plugin: the shape of its saved configuration. Types only; the
// provider itself is reached through the integrations plugin's ticket-provider point.

/** The form's field (spec part 2 §3 "issue-tracker provider", provider github): a token. */
export interface GithubConfig {
  token: string;
}
