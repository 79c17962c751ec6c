// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fakeHost, renderPage, settle } from '@cassette/plugin-sdk/testing/ui';
import { forgetWatchdogStatus, WatchdogStatusLoader } from './watchdog-status.js';

afterEach(() => {
  cleanup();
  // The status store lives as long as the module, which test files of a worker share.
  forgetWatchdogStatus(31);
  forgetWatchdogStatus(32);
});

describe('WatchdogStatusLoader (spec part 1 §4: watchdog status at boot and on project switch)', () => {
  it("fetches the selected project's status when mounted and again at every switch, drawing nothing", async () => {
    const status = { watchdogs: [], rehydrating: false };
    const host = fakeHost({ routes: { 'GET /31/watchdogs/status': () => status, 'GET /32/watchdogs/status': () => status } });
    const page = renderPage(<WatchdogStatusLoader siteId={31} />, '/', '*', { host });
    await settle();
    expect(page.container.innerHTML).toBe('');
    await act(async () => page.rerender(<WatchdogStatusLoader siteId={32} />));
    await settle();
    await act(async () => page.rerender(<WatchdogStatusLoader siteId={31} />));
    await settle();
    expect(host.api.get.mock.calls.map(([path]) => path)).toEqual(['/31/watchdogs/status', '/32/watchdogs/status', '/31/watchdogs/status']);
  });
});
