// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { allByTestId, buttonNamed, byLabel, byTestId, chooseOption, cleanup, click, fakeAccount, fakeHost, renderPage, settle, typeInto, type FakeRoutes } from '@cassette/plugin-sdk/testing/ui';
import type { IntegrationState } from '../shared/integration.js';
import { lengthMessage, numberMessage, requiredMessage, urlMessage } from './field-rules.js';
import { MEMBERS_NOTE } from './integration-form.js';
import IntegrationsTab from './integrations.tab.js';
import OnboardingIntegrations from './onboarding-integrations.js';
import { ALL_SOURCES, ELASTICSEARCH } from './test-sources.js';

afterEach(cleanup);

const SENTRY_STATE: IntegrationState = {
  name: 'sentry',
  projectId: 7,
  config: { organizationSlug: 'acme', projectSlug: 'shop-api', token: '••••1f2e' },
  connected: true,
  checkedAt: 1_700_000_000_000,
  lastError: null,
};

async function open(routes: FakeRoutes = {}, admin = true) {
  const host = fakeHost({
    account: fakeAccount(admin ? {} : { admin: false, permissions: ['SESSION_REPLAY'] }),
    routes: { 'GET /7/integration/sources': () => ALL_SOURCES, 'GET /7/integrations/sentry': () => SENTRY_STATE, ...routes },
  });
  const page = renderPage(<IntegrationsTab />, '/client/integrations', '/client/:activeTab', { host });
  await settle();
  return page;
}

const card = (key: string) => document.querySelector<HTMLElement>(`[data-testid="integration-card"][data-integration="${key}"]`)!;
const panel = () => byTestId(document.body, 'integration-panel')!;
const field = (label: string) => byLabel<HTMLInputElement>(panel(), label)!;
const select = (label: string) => byLabel<HTMLSelectElement>(panel(), label)!;

async function openCard(key: string) {
  await click(card(key));
  await settle();
}

describe('Preferences › Integrations', () => {
  it('shows the tools as cards grouped by kind, with their connected state', async () => {
    await open();
    const groups = [...document.querySelectorAll<HTMLElement>('section[aria-label]')];
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Backend logs', 'Issue trackers']);
    expect(allByTestId(groups[0]!, 'integration-card').map((c) => c.dataset.integration)).toEqual(['sentry', 'elasticsearch', 'cloudwatch']);
    expect(allByTestId(groups[1]!, 'integration-card').map((c) => c.dataset.integration)).toEqual(['jira']);
    expect(card('sentry').textContent).toContain('Errors and logs your backend sends to Sentry.');
    expect(byTestId(card('sentry'), 'integration-connected')!.textContent).toBe('Connected');
    expect(byTestId(card('cloudwatch'), 'integration-failing')).not.toBeNull();
    expect(byTestId(card('elasticsearch'), 'integration-connected')).toBeNull();
    expect(byTestId(card('elasticsearch'), 'integration-failing')).toBeNull();
  });

  it("validates a new configuration as the spec says before sending it, then shows the tool's refusal", async () => {
    const posted: unknown[] = [];
    let refusal: string | null = 'Elasticsearch refused the API key: check its id and value.';
    const { host } = await open({
      'POST /7/integrations/elasticsearch': (_path, body) => {
        if (refusal) throw new ApiError(400, [refusal]);
        posted.push(body);
        return { name: 'elasticsearch', projectId: 7, config: {}, connected: true, checkedAt: 1, lastError: null };
      },
    });
    await openCard('elasticsearch');
    expect(byTestId(panel(), 'integration-setup-guide')!.textContent).toContain('cassetteSessionId');
    // A new configuration has nothing to check or delete yet.
    expect(buttonNamed(panel(), 'Check connection')).toBeNull();
    expect(buttonNamed(panel(), 'Delete')).toBeNull();

    await click(buttonNamed(panel(), 'Save'));
    expect(panel().textContent).toContain(requiredMessage('Host'));
    expect(panel().textContent).toContain(requiredMessage('API key id'));
    expect(panel().textContent).toContain(requiredMessage('API key'));
    // Indexes and port have defaults: empty is fine.
    expect(panel().textContent).not.toContain(requiredMessage('Indexes'));

    typeInto(field('Host *'), 'logs.example.com');
    typeInto(field('API key id *'), 'short');
    typeInto(field('API key *'), 'also-short');
    typeInto(field('Port *'), '92OO');
    expect(panel().textContent).toContain(urlMessage('Host'));
    expect(panel().textContent).toContain(lengthMessage('API key id', 20));
    expect(panel().textContent).toContain(lengthMessage('API key', 22));
    expect(panel().textContent).toContain(numberMessage('Port'));
    await click(buttonNamed(panel(), 'Save'));
    expect(host.api.post).not.toHaveBeenCalled();

    typeInto(field('Host *'), 'https://logs.example.com');
    typeInto(field('API key id *'), 'a'.repeat(20));
    typeInto(field('API key *'), 'b'.repeat(22));
    typeInto(field('Port *'), '9243');
    await click(buttonNamed(panel(), 'Save'));
    await settle();
    expect(panel().querySelector('[role="alert"]')!.textContent).toContain('Elasticsearch refused the API key: check its id and value.');

    refusal = null;
    await click(buttonNamed(panel(), 'Save'));
    await settle();
    expect(posted).toEqual([{ config: { host: 'https://logs.example.com', apiKeyId: 'a'.repeat(20), apiKey: 'b'.repeat(22), port: 9243 } }]);
    expect(host.toast).toHaveBeenCalledWith('Elasticsearch connected', 'success');
  });

  it('edits a saved configuration: the secret stays masked unless retyped, show and hide, check connection, delete', async () => {
    const posted: unknown[] = [];
    const deleted: string[] = [];
    let checkAnswer: () => unknown = () => ({ ...SENTRY_STATE, connected: false, lastError: 'Sentry refused the token: check that it has the event:read scope.' });
    await open({
      'POST /7/integrations/sentry': (_p, body) => (posted.push(body), SENTRY_STATE),
      'POST /7/integrations/sentry/check': () => checkAnswer(),
      'DELETE /7/integrations/sentry': (path) => (deleted.push(path), { deleted: true }),
    });
    await openCard('sentry');
    expect(byTestId(panel(), 'integration-state')!.textContent).toBe('Connected.');
    expect(field('Organization slug *').value).toBe('acme');
    const token = field('Token *');
    expect(token.value).toBe('');
    expect(token.placeholder).toBe('••••1f2e');
    expect(token.type).toBe('password');
    await click(byLabel(panel(), 'Show Token'));
    expect(field('Token *').type).toBe('text');
    await click(byLabel(panel(), 'Hide Token'));
    expect(field('Token *').type).toBe('password');

    typeInto(field('Project slug *'), 'shop-web');
    await click(buttonNamed(panel(), 'Save'));
    await settle();
    // The untouched secret goes back as its mask: the server keeps the stored token.
    expect(posted).toEqual([{ config: { organizationSlug: 'acme', projectSlug: 'shop-web', token: '••••1f2e' } }]);

    await click(buttonNamed(panel(), 'Check connection'));
    await settle();
    expect(byTestId(panel(), 'integration-check')!.textContent).toBe('Sentry refused the token: check that it has the event:read scope.');
    checkAnswer = () => {
      throw new ApiError(400, ['Sentry did not answer in time.']);
    };
    await click(buttonNamed(panel(), 'Check connection'));
    await settle();
    expect(byTestId(panel(), 'integration-check')!.textContent).toBe('Sentry did not answer in time.');
    checkAnswer = () => SENTRY_STATE;
    await click(buttonNamed(panel(), 'Check connection'));
    await settle();
    expect(byTestId(panel(), 'integration-check')!.className).toContain('is-ok');

    await click(buttonNamed(panel(), 'Delete'));
    const dialog = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((d) => d.textContent?.includes('permanently delete'))!;
    expect(dialog.textContent).toContain('Are you sure you want to permanently delete the Sentry integration?');
    await click(buttonNamed(dialog, 'Yes, delete'));
    await settle();
    expect(deleted).toEqual(['/7/integrations/sentry']);
    expect(byTestId(document.body, 'integration-panel')).toBeNull();
  });

  it('offers the regions as a list starting on the default, and a failing check says why', async () => {
    await open({ 'GET /7/integrations/cloudwatch': () => ({ name: 'cloudwatch', projectId: 7, config: { awsAccessKeyId: 'AKIA', awsSecretAccessKey: '••••WXYZ', logGroupName: 'api', region: 'eu-west-1' }, connected: false, checkedAt: 2, lastError: 'CloudWatch refused the signature.' }) });
    await openCard('cloudwatch');
    expect(byTestId(panel(), 'integration-state')!.textContent).toBe('The last connection check failed: CloudWatch refused the signature.');
    const region = select('Region *');
    expect(region.value).toBe('eu-west-1');
    expect([...region.options].map((o) => o.value)).toEqual(['us-east-1', 'eu-west-1']);
    await chooseOption(region, 'us-east-1');
    expect(select('Region *').value).toBe('us-east-1');
  });

  it('shows members the state and the guide, with nothing to change', async () => {
    const { host } = await open({}, false);
    expect(byTestId(card('sentry'), 'integration-connected')).not.toBeNull();
    await openCard('sentry');
    expect(byTestId(panel(), 'integration-members-note')!.textContent).toBe(MEMBERS_NOTE);
    expect(byTestId(panel(), 'integration-setup-guide')).not.toBeNull();
    expect(panel().querySelector('form')).toBeNull();
    expect(host.api.get).not.toHaveBeenCalledWith('/7/integrations/sentry');
  });
});

describe('Onboarding › Integrations', () => {
  it('lists the same cards, and saving one reloads them with its new state', async () => {
    let sources = ALL_SOURCES;
    const host = fakeHost({
      routes: {
        'GET /7/integration/sources': () => sources,
        'POST /7/integrations/elasticsearch': () => ((sources = sources.map((s) => (s.key === 'elasticsearch' ? { ...s, configured: true, connected: true } : s))), null),
      },
    });
    renderPage(<OnboardingIntegrations project={host.currentProject} />, '/onboarding/integrations', '/onboarding/:activeTab', { host });
    await settle();
    expect(allByTestId(document.body, 'integration-card')).toHaveLength(ALL_SOURCES.length);
    await openCard(ELASTICSEARCH.key);
    typeInto(field('Host *'), 'https://logs.example.com');
    typeInto(field('API key id *'), 'a'.repeat(20));
    typeInto(field('API key *'), 'b'.repeat(22));
    await click(buttonNamed(panel(), 'Save'));
    await settle();
    expect(byTestId(card('elasticsearch'), 'integration-connected')!.textContent).toBe('Connected');
  });
});
