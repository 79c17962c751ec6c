// Public surface of the GitLab issues example: the configuration its form saves (types only).

/** The GitLab instance (https://gitlab.com by default, or a self-managed one) and a personal access token with the `api` scope. */
export interface GitlabIssuesConfig {
  url: string;
  token: string;
}
