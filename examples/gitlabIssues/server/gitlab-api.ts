// GitLab's REST API v4, as the provider calls it: through the SDK's callTool, which goes through
// the kernel's safe outbound client (the instance URL is the user's, so a private address is
// refused unless the operator allowed it) and turns every failure into a sentence for the user.
import { callTool, type OutboundMethod } from '@cassette/plugin-sdk/server';
import type { IntegrationConfig, IntegrationContext } from '@cassette/plugin-integrations/api';

export const GITLAB_DEFAULT_URL = 'https://gitlab.com';

/** `/api/v4` of the configured instance, without a trailing slash. */
export function apiBase(config: IntegrationConfig): string {
  return `${String(config.url || GITLAB_DEFAULT_URL).replace(/\/+$/, '')}/api/v4`;
}

/** One request with the token in `PRIVATE-TOKEN`; answers the parsed JSON. */
export async function gitlab<T>(config: IntegrationConfig, ctx: IntegrationContext, path: string, options: { method?: OutboundMethod; body?: unknown } = {}): Promise<T> {
  const answer = await callTool(ctx.outboundHttp, {
    tool: 'GitLab',
    url: `${apiBase(config)}${path}`,
    method: options.method ?? 'GET',
    headers: { 'PRIVATE-TOKEN': String(config.token) },
    ...(options.body === undefined ? {} : { json: options.body }),
    fixes: {
      auth: 'create a personal access token with the api scope (and at least the Reporter role in the project), and paste it again.',
      notFound: 'check the project, or that the token can see it.',
    },
  });
  return answer.body as T;
}
