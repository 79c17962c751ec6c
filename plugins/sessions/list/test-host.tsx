// Test support for the list's UI tests: a host shell with a fake API, a router, and sessions.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { HostContext, type HostContextValue } from '@cassette/plugin-sdk/ui';
import type { SessionSummary } from '../api.js';
import { PROJECT } from '../testing/fake-host.js';

export { fakeHost, PROJECT, type FakeApi } from '../testing/fake-host.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export function session(overrides: Partial<SessionSummary> = {}): SessionSummary {
  return {
    sessionId: 's-1',
    projectId: PROJECT.id,
    startedAt: Date.UTC(2026, 10, 21, 14, 5),
    duration: 65_000,
    userId: 'ada@shop.test',
    userAnonymousId: null,
    userUuid: null,
    userBrowser: 'Chrome',
    userBrowserVersion: '120.0.1',
    userOs: 'macOS',
    userOsVersion: '14',
    userDevice: null,
    userDeviceType: 'desktop',
    userCountry: 'DE',
    pageTitle: 'Shop',
    startUrl: 'https://shop.test/',
    referrer: null,
    revId: null,
    timezone: null,
    pagesCount: 3,
    eventsCount: 12,
    errorsCount: 1,
    consoleLogsCount: 0,
    issueTypes: [],
    metadata: {},
    userDisplayName: 'ada@shop.test',
    userNumericHash: 42,
    userSessionsCount: 1,
    viewed: false,
    favorite: false,
    live: false,
    active: false,
    ...overrides,
  };
}

/** The router's current URL, for asserting what the page wrote to the query string. */
export const currentUrl = { path: '', search: '' };
function UrlProbe() {
  const location = useLocation();
  currentUrl.path = location.pathname;
  currentUrl.search = location.search;
  return null;
}

let root: Root | null = null;
let container: HTMLElement | null = null;

export function mount(host: HostContextValue, element: ReactNode, url = `/${PROJECT.id}/sessions`): HTMLElement {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <HostContext.Provider value={host}>
        <MemoryRouter initialEntries={[url]}>
          {element}
          <UrlProbe />
        </MemoryRouter>
      </HostContext.Provider>,
    ),
  );
  return container;
}

export function rerender(host: HostContextValue, element: ReactNode): void {
  act(() =>
    root!.render(
      <HostContext.Provider value={host}>
        <MemoryRouter>
          {element}
          <UrlProbe />
        </MemoryRouter>
      </HostContext.Provider>,
    ),
  );
}

export function unmount(): void {
  act(() => root?.unmount());
  root = null;
  container?.remove();
  container = null;
  document.body.innerHTML = '';
}

/** Lets pending promises (the fake API's answers) settle inside act. */
export async function settle(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export async function click(element: Element | null | undefined): Promise<void> {
  if (!element) throw new Error('nothing to click');
  await act(async () => {
    (element as HTMLElement).click();
  });
}

export const buttonNamed = (scope: ParentNode, name: string) => [...scope.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
