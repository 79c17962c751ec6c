// Test support for the list's UI tests: a host shell with a fake API, a router, and sessions.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { ApiError, HostContext, type ApiClient, type HostContextValue } from '@cassette/plugin-sdk/ui';
import type { SessionSummary } from '../shared/session.js';
import SessionsListPage from '../ui/list/sessions-list.page.js';
import { fakeHost as baseFakeHost, PROJECT, type FakeApi } from './fake-host.js';

export { PROJECT, type FakeApi } from './fake-host.js';

export type ListHost = HostContextValue & { api: ApiClient & FakeApi };

/** The fake host; the list's side calls (metadata, saved searches) answer nothing unless a test says otherwise. */
export function fakeHost(overrides: Partial<HostContextValue> = {}): ListHost {
  const host = baseFakeHost(overrides);
  host.api.get.mockResolvedValue(undefined);
  return host;
}

type Answer = (path: string, body: unknown) => unknown;

/**
 * Answers the fake API by route, as the server would: keys are "METHOD /path" (the query string
 * is not part of the key; the handler gets the whole path). Anything else is a 404.
 */
export function answerRoutes(host: ListHost, routes: Record<string, Answer>): void {
  const respond = (method: string) => async (path: string, body?: unknown) => {
    const answer = routes[`${method} ${path.split('?')[0]}`];
    if (!answer) throw new ApiError(404, [`No route ${method} ${path}`]);
    return answer(path, body);
  };
  host.api.get.mockImplementation(respond('GET'));
  host.api.post.mockImplementation(respond('POST'));
  host.api.del.mockImplementation(respond('DELETE'));
}

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

/** Types into an input the way React sees a user's typing. */
export function typeInto(input: HTMLInputElement, value: string): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function pressKey(element: Element, key: string): Promise<void> {
  await act(async () => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

export async function chooseOption(select: HTMLSelectElement, value: string): Promise<void> {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export async function focus(element: HTMLElement): Promise<void> {
  await act(async () => {
    element.focus();
  });
}

/** With fake timers: lets `ms` pass and the promises it releases settle. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

export const byLabel = <T extends HTMLElement = HTMLElement>(scope: ParentNode, label: string) => scope.querySelector<T>(`[aria-label="${label}"]`);

/** The sessions list page at `url`, mounted and past its first render (fake timers). */
export async function openSessionsList(host: HostContextValue, url = `/${PROJECT.id}/sessions`): Promise<HTMLElement> {
  const container = mount(host, <SessionsListPage />, url);
  await advance(0);
  return container;
}
