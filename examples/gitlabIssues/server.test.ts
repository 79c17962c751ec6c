import { afterAll, describe, expect, it } from 'vitest';
import type { DepsMap, ServerPlugin } from '@cassette/plugin-sdk/server';
import type { TestKernel } from '@cassette/plugin-sdk/testing';
import type { IntegrationSource } from '@cassette/plugin-integrations/api';
import { contributionsOf, createIntegrationsTestKernel } from '@cassette/plugin-integrations/testing';
import gitlabIssuesPlugin from './server.js';

describe('the GitLab issues example beside the integrations plugin', () => {
  let t: TestKernel | undefined;
  afterAll(async () => t?.close());

  it('is accepted as a ticket provider and offered on the integrations tab, with its form', async () => {
    t = await createIntegrationsTestKernel([gitlabIssuesPlugin as ServerPlugin<DepsMap>]);
    expect(contributionsOf(t).ticketProviders.map((c) => [c.plugin, c.value.id])).toEqual([['gitlabIssues', 'gitlab']]);
    const { projectId, owner } = await t.createTenant();
    const res = await t.request('GET', `/api/${projectId}/integration/sources`, { token: owner.token });
    expect(res.status).toBe(200);
    const gitlab = (res.body.data as IntegrationSource[]).find((s) => s.key === 'gitlab');
    expect(gitlab).toMatchObject({ label: 'GitLab', kind: 'tickets', configured: false, connected: false });
    expect(gitlab!.fields.map((f) => [f.key, f.kind])).toEqual([
      ['url', 'url'],
      ['token', 'secret'],
    ]);
  });
});
