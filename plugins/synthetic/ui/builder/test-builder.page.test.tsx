// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { allByTestId, buttonNamed, byLabel, byTestId, cleanup, click, fakeHost, renderPage, settle, typeInto } from '@cassette/plugin-sdk/testing/ui';
import type { Test } from '../../shared/model.js';
import TestBuilderPage from './test-builder.page.js';

afterEach(cleanup);

const saved: Test = {
  testId: 5,
  name: 'Checkout',
  steps: [
    { key: 'a', type: 'navigate', value: '/' },
    { key: 'b', type: 'click', selectors: ['#buy'] },
  ],
  framework: 'selenium',
  generated: true,
  tags: ['smoke'],
  runHistory: [],
  editedAt: 0,
  createdAt: 0,
  seqId: 1,
  uptime: null,
};

function host() {
  return fakeHost({
    routes: {
      'GET /7/tests/5': () => saved,
      'GET /7/tests': () => [saved],
      'GET /7/templates': () => [],
      'GET /7/environments': () => [],
      'PUT /7/tests/5': (body: unknown) => ({ ...saved, ...(body as object), seqId: 2 }),
      'POST /7/tests/5/runs': () => ({ runId: 9 }),
    },
  });
}

describe('test builder page', () => {
  it('opens a saved test, marks it modified on an edit, and saves the whole list', async () => {
    const h = host();
    const page = renderPage(<TestBuilderPage />, '/7/test-builder?testId=5', '/:siteId/test-builder', { host: h });
    await settle();
    expect(allByTestId(page.container, 'step')).toHaveLength(2);
    expect(page.container.textContent).toContain('generated');
    expect(byTestId(page.container, 'modified')).toBeNull();
    await click(buttonNamed(page.container, 'Copy'));
    expect(allByTestId(page.container, 'step')).toHaveLength(3);
    expect(byTestId(page.container, 'modified')?.textContent).toBe('Modified');
    await click(buttonNamed(page.container, 'Save'));
    await settle();
    const [, body] = h.api.put.mock.calls[0]!;
    expect((body as { steps: { type: string }[] }).steps.map((s) => s.type)).toEqual(['navigate', 'navigate', 'click']);
    expect(byTestId(page.container, 'modified')).toBeNull();
  });

  it('checks the name before saving, as the server does', async () => {
    const h = host();
    const page = renderPage(<TestBuilderPage />, '/7/test-builder?testId=5', '/:siteId/test-builder', { host: h });
    await settle();
    typeInto(byLabel(page.container, 'Test name') as HTMLInputElement, 'Bad/name');
    await click(buttonNamed(page.container, 'Save'));
    expect(page.container.textContent).toContain('A test name may hold letters, digits, spaces, underscores, colons and hyphens only.');
    expect(h.api.put).not.toHaveBeenCalled();
  });

  it('sends the run options: headers, cookies, basic auth and bypass CSP', async () => {
    const h = host();
    const page = renderPage(<TestBuilderPage />, '/7/test-builder?testId=5', '/:siteId/test-builder', { host: h });
    await settle();
    await click(buttonNamed(page.container, 'Run options'));
    typeInto(byLabel(page.container, 'Headers') as HTMLTextAreaElement, 'X-Test: 1');
    typeInto(byLabel(page.container, 'Cookies') as HTMLTextAreaElement, 'consent=yes');
    typeInto(byLabel(page.container, 'Basic auth user') as HTMLInputElement, 'qa');
    typeInto(byLabel(page.container, 'Basic auth password') as HTMLInputElement, 'secret');
    await click(byLabel(page.container, 'Bypass CSP') as HTMLInputElement);
    await click(buttonNamed(page.container, 'Run test'));
    await settle();
    const [path, body] = h.api.post.mock.calls[0]!;
    expect(path).toBe('/7/tests/5/runs');
    expect(body).toEqual({ device: 'desktop', network: 'wifi', headers: { 'X-Test': '1' }, cookies: [{ name: 'consent', value: 'yes' }], basicAuth: { username: 'qa', password: 'secret' }, bypassCSP: true });
  });

  it('refuses a header line it cannot read, before starting a run', async () => {
    const h = host();
    const page = renderPage(<TestBuilderPage />, '/7/test-builder?testId=5', '/:siteId/test-builder', { host: h });
    await settle();
    await click(buttonNamed(page.container, 'Run options'));
    typeInto(byLabel(page.container, 'Headers') as HTMLTextAreaElement, 'nonsense');
    await click(buttonNamed(page.container, 'Run test'));
    expect(page.container.textContent).toContain('Header "nonsense" is not "Name: value"');
    expect(h.api.post).not.toHaveBeenCalled();
  });
});
