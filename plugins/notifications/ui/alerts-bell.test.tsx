// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { HostContext } from '@cassette/plugin-sdk/ui';
import { cleanup, fakeHost, renderPage, settle, TEST_PROJECT } from '@cassette/plugin-sdk/testing/ui';
import { AlertsBell } from './alerts-bell.js';

afterEach(cleanup);

describe('the alerts bell', () => {
  it('fetches the alerts again when the project is switched (spec part 1 §4), not only on its 5-minute tick', async () => {
    const host = fakeHost({ routes: { 'GET /notifications/count': () => ({ count: 2 }) } });
    const other = { ...TEST_PROJECT, id: TEST_PROJECT.id + 1, name: 'Other shop' };
    const bell = (project: typeof TEST_PROJECT) => (
      <HostContext.Provider value={{ ...host, currentProject: project }}>
        <AlertsBell />
      </HostContext.Provider>
    );
    const counts = () => host.api.get.mock.calls.filter(([path]) => path === '/notifications/count').length;
    const page = renderPage(bell(TEST_PROJECT), '/', '*', { host });
    await settle();
    expect(counts()).toBe(1);
    page.rerender(bell(TEST_PROJECT));
    await settle();
    expect(counts()).toBe(1);
    page.rerender(bell(other));
    await settle();
    expect(counts()).toBe(2);
  });
});
