// Mounts a plugin page as the host shell would: host context, a router at a URL, the page on its route.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { HostContext, type HostContextValue } from '../host-context.js';
import { fakeHost, type FakeHost } from './fake-host.js';
import { createCurrentUrl, UrlProbe, type CurrentUrl } from './url-probe.js';

// React warns about updates outside act() unless it knows it runs under a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What other pages show: a navigation away from the page under test lands here. */
export const ELSEWHERE_TEST_ID = 'elsewhere';

export interface RenderPageOptions<H extends HostContextValue> {
  /** The host the page sees; `fakeHost()` by default. */
  host?: H;
}

export interface RenderedPage<H extends HostContextValue> {
  container: HTMLElement;
  host: H;
  /** The router's URL now (the page may have navigated or written its query string). */
  url: CurrentUrl;
  /** Renders another element in the same place, keeping the router's history. */
  rerender(element: ReactNode): void;
  unmount(): void;
}

const mounted = new Set<() => void>();

/**
 * Renders `element` on the route `pattern` (e.g. '/:siteId/errors/:errorId') with the router at
 * `url`. Any other path shows a stand-in with `data-testid="elsewhere"`, so a test sees a
 * navigation away. Call `cleanup()` after each test (or `unmount()` on the result).
 */
export function renderPage<H extends HostContextValue = FakeHost>(element: ReactNode, url = '/', pattern = '*', options: RenderPageOptions<H> = {}): RenderedPage<H> {
  const host = options.host ?? (fakeHost() as unknown as H);
  const currentUrl = createCurrentUrl();
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root: Root = createRoot(container);
  let page: ReactNode = element;
  const tree = () => (
    <HostContext.Provider value={host}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={page} />
          {pattern !== '*' && <Route path="*" element={<p data-testid={ELSEWHERE_TEST_ID}>elsewhere</p>} />}
        </Routes>
        <UrlProbe into={currentUrl} />
      </MemoryRouter>
    </HostContext.Provider>
  );
  act(() => root.render(tree()));

  const unmount = () => {
    if (!mounted.delete(unmount)) return;
    act(() => root.unmount());
    container.remove();
  };
  mounted.add(unmount);
  return {
    container,
    host,
    url: currentUrl,
    rerender(next) {
      page = next;
      act(() => root.render(tree()));
    },
    unmount,
  };
}

/** Unmounts every rendered page and empties <body> (portals, layers): put it in `afterEach`. */
export function cleanup(): void {
  for (const unmount of [...mounted]) unmount();
  document.body.innerHTML = '';
}
