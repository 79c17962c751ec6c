// Test support for the errors UI: a host shell with a fake API answering by route, a router, fixtures.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { ApiError, HostContext, type Account, type ApiClient, type HostContextValue, type ProjectSummary } from '@cassette/plugin-sdk/ui';
import type { ErrorDetail, ErrorListItem, ResolvedStack, StackFrame } from '../api.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const PROJECT: ProjectSummary = { id: 7, name: 'Shop', host: 'shop.test', projectKey: 'key-7', status: 'green', recorded: true };
export const NOW = Date.UTC(2026, 10, 21, 14, 0, 0);

export interface FakeApi {
  get: ReturnType<typeof vi.fn>;
  post: ReturnType<typeof vi.fn>;
  del: ReturnType<typeof vi.fn>;
}
export type TestHost = HostContextValue & { api: ApiClient & FakeApi };

function account(overrides: Partial<Account> = {}): Account {
  return {
    id: 1,
    email: 'olivia@shop.test',
    name: 'Olivia',
    admin: false,
    superAdmin: false,
    changePassword: false,
    roleId: 2,
    permissions: ['SESSION_REPLAY', 'ERRORS'],
    appearance: {},
    limits: { teamMember: { limit: 10, remaining: 9 }, sites: { limit: 10, remaining: 9 }, projects: { remaining: 9 } },
    ...overrides,
  };
}

type Answer = (path: string, body: unknown) => unknown;

/**
 * A host whose API answers by route: keys are "METHOD /path" without the query string (the
 * handler gets the whole path). Anything else is a 404, as the server would say.
 */
export function fakeHost(routes: Record<string, Answer> = {}, overrides: Partial<HostContextValue> = {}): TestHost {
  const respond = (method: string) =>
    vi.fn(async (path: string, body?: unknown) => {
      const answer = routes[`${method} ${path.split('?')[0]}`];
      if (!answer) throw new ApiError(404, [`No route ${method} ${path}`]);
      return answer(path, body);
    });
  const permissions = overrides.account?.permissions ?? account().permissions;
  const api = { request: vi.fn(), get: respond('GET'), post: respond('POST'), put: vi.fn(), del: respond('DELETE') } as unknown as ApiClient & FakeApi;
  return {
    api,
    account: account(),
    client: null,
    projects: [PROJECT],
    currentProject: PROJECT,
    selectProject: () => {},
    reloadProjects: vi.fn(async () => {}),
    hasPermission: (p) => permissions.includes(p),
    toast: vi.fn(),
    enabledPlugins: ['sessions', 'errors'],
    timezone: 'UTC',
    setTimezone: () => {},
    logout: async () => {},
    ...overrides,
  } as TestHost;
}

/** The paths the fake API was called with, per method, in order. */
export const calls = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.map((c) => c[0] as string);

export function errorItem(overrides: Partial<ErrorListItem> = {}): ErrorListItem {
  return {
    errorId: 'e-1',
    source: 'js_exception',
    name: 'TypeError',
    message: "Cannot read properties of undefined (reading 'price')",
    status: 'unresolved',
    parentErrorId: null,
    users: 3,
    sessions: 4,
    occurrences: 9,
    firstOccurrence: NOW - 3 * 86_400_000,
    lastOccurrence: NOW - 3 * 3_600_000,
    firstFrame: 'addToCart (https://shop.test/assets/app.min.js:1:2841)',
    chart: [
      { timestamp: NOW - 2 * 86_400_000, count: 2 },
      { timestamp: NOW - 86_400_000, count: 7 },
    ],
    favorite: false,
    viewed: false,
    ...overrides,
  };
}

export function frame(overrides: Partial<StackFrame & { mapped: boolean }> = {}): StackFrame & { mapped: boolean } {
  return {
    absPath: 'src/cart.ts',
    filename: 'src/cart.ts',
    function: 'addToCart',
    lineNo: 42,
    colNo: 7,
    offset: 0,
    context: [
      [41, 'export function addToCart(item) {'],
      [42, '  return item.product.price * item.quantity;'],
      [43, '}'],
    ],
    inApp: true,
    mapped: true,
    ...overrides,
  };
}

export function resolvedStack(overrides: Partial<ResolvedStack> = {}): ResolvedStack {
  return {
    frames: [
      frame({ offset: 0, inApp: false, function: 'dispatch', filename: 'node_modules/react-dom/index.js', absPath: 'node_modules/react-dom/index.js', context: null }),
      frame({ offset: 1 }),
      frame({ offset: 2, function: 'onClick', filename: 'src/button.ts', absPath: 'src/button.ts', lineNo: 9, colNo: 2, context: [[9, 'onClick={() => addToCart(item)}']] }),
    ],
    raw: "TypeError: Cannot read properties of undefined (reading 'price')\n    at addToCart (https://shop.test/assets/app.min.js:1:2841)",
    sourcemapsMissing: false,
    release: '1.4.2',
    ...overrides,
  };
}

export function errorDetail(overrides: Partial<ErrorDetail> = {}): ErrorDetail {
  const session = (n: number) => ({
    sessionId: `s-${n}`,
    errorTimestamp: NOW - n * 60_000,
    occurrences: 1,
    userId: n === 1 ? 'ada@shop.test' : null,
    userAnonymousId: null,
    browser: 'Chrome',
    os: 'macOS',
    device: null,
    country: 'DE',
    url: 'https://shop.test/cart',
    release: '1.4.2',
  });
  return {
    ...errorItem(),
    chart24: [
      { timestamp: NOW - 2 * 3_600_000, count: 1 },
      { timestamp: NOW - 3_600_000, count: 3 },
    ],
    chart30: [
      { timestamp: NOW - 86_400_000, count: 4 },
      { timestamp: NOW, count: 5 },
    ],
    tags: [
      { name: 'browser', values: [{ value: 'Chrome', count: 6, percentage: 66.7 }, { value: 'Firefox', count: 3, percentage: 33.3 }], others: 0 },
      { name: 'country', values: [{ value: 'DE', count: 9, percentage: 100 }], others: 0 },
    ],
    sessions10: [session(1), session(2)],
    lastHydratedSession: session(1),
    releases: ['1.4.2', '1.4.1'],
    mergedErrorIds: [],
    stack: "TypeError: Cannot read properties of undefined (reading 'price')",
    ...overrides,
  };
}

/** The router's current URL, for asserting what a page wrote to it. */
export const currentUrl = { path: '', search: '' };
function UrlProbe() {
  const location = useLocation();
  currentUrl.path = location.pathname;
  currentUrl.search = location.search;
  return null;
}

let root: Root | null = null;
let container: HTMLElement | null = null;

/** Mounts `element` on `pattern` (a route path) at `url`, with a stand-in for every other page. */
export function mount(host: HostContextValue, element: ReactNode, url: string, pattern = '*'): HTMLElement {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <HostContext.Provider value={host}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={pattern} element={element} />
            {pattern !== '*' && <Route path="*" element={<p data-testid="elsewhere">elsewhere</p>} />}
          </Routes>
          <UrlProbe />
        </MemoryRouter>
      </HostContext.Provider>,
    ),
  );
  return container;
}

export function unmount(): void {
  act(() => root?.unmount());
  root = null;
  container?.remove();
  container = null;
  document.body.innerHTML = '';
}

/** Lets the fake API's answers settle inside act (real timers). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 4; i++) await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));
}

/** With fake timers: lets `ms` pass and the promises it releases settle. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

export async function click(element: Element | null | undefined): Promise<void> {
  if (!element) throw new Error('nothing to click');
  await act(async () => {
    (element as HTMLElement).click();
  });
}

export const buttonNamed = (scope: ParentNode, name: string) =>
  [...scope.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === name) ?? null;

export const byTestId = (scope: ParentNode, id: string) => scope.querySelector<HTMLElement>(`[data-testid="${id}"]`);
export const allByTestId = (scope: ParentNode, id: string) => [...scope.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];

export function typeInto(input: HTMLInputElement, value: string): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function choose(select: HTMLSelectElement, value: string): Promise<void> {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
