// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { UiPage } from '@cassette/plugin-sdk/ui';
import { buttonNamed, byTestId, cleanup, click, fakeAccount, fakeHost, renderPage } from '@cassette/plugin-sdk/testing/ui';
import { PluginPage } from './plugin-page.js';

afterEach(cleanup);

const runsPage: UiPage = { path: '/:siteId/tests/runs/:runId', component: () => <p data-testid="run-page">run 4</p>, appearance: 'runs' };

function open(appearance: Record<string, unknown>, page = runsPage) {
  const host = fakeHost({ account: fakeAccount({ appearance }) });
  return renderPage(<PluginPage page={page} />, '/7/tests/runs/4', page.path, { host });
}

describe('a plugin page with an appearance flag', () => {
  it("says the member's appearance hides it, and shows it anyway on request", async () => {
    const { container } = open({ role: 'dev' });
    expect(byTestId(container, 'run-page')).toBeNull();
    expect(byTestId(container, 'hidden-by-appearance')?.textContent).toContain('Test runs are hidden by your appearance (Developer)');
    expect(container.querySelector('a[href="/client/account"]')?.textContent).toBe('Change appearance');
    await click(buttonNamed(container, 'Show anyway'));
    expect(byTestId(container, 'run-page')?.textContent).toBe('run 4');
  });

  it('opens at once when the flag is on', () => {
    const { container } = open({ role: 'CUSTOM', runs: true });
    expect(byTestId(container, 'run-page')?.textContent).toBe('run 4');
    expect(byTestId(container, 'hidden-by-appearance')).toBeNull();
  });

  it('still says Not allowed first when the role lacks the permission', () => {
    const host = fakeHost({ account: fakeAccount({ admin: false, permissions: [], appearance: { role: 'dev' } }) });
    const { container } = renderPage(<PluginPage page={{ ...runsPage, permission: 'SESSION_REPLAY' }} />, '/7/tests/runs/4', runsPage.path, { host });
    expect(byTestId(container, 'hidden-by-appearance')).toBeNull();
    expect(container.textContent).toContain('Not allowed');
  });

  it("says a live session's 'Not allowed' before its appearance notice", () => {
    const host = fakeHost({ account: fakeAccount({ admin: false, permissions: [], appearance: { role: 'dev' } }) });
    const livePage: UiPage = { path: '/:siteId/assist/:sessionId', component: () => <p data-testid="live-page">live</p>, permission: 'ASSIST_LIVE', notAllowed: 'live', appearance: 'sessionsLive' };
    const { container } = renderPage(<PluginPage page={livePage} />, '/7/assist/1900000000000000001', livePage.path, { host });
    expect(byTestId(container, 'hidden-by-appearance')).toBeNull();
    expect(container.textContent).toContain('Not allowed');
    expect(container.textContent).toContain('still live');
  });
});
