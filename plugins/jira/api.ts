// Public surface of the Jira plugin: the shape of its saved configuration. Types only; the
// provider itself is reached through the integrations plugin's ticket-provider point.

/** The form's fields (spec part 2 §3 "jira-type"): the Atlassian account's e-mail, its API token, the site URL. */
export interface JiraConfig {
  username: string;
  token: string;
  url: string;
}
