// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import type { SessionError } from '@cassette/plugin-sessions/api';
import { allByTestId, byTestId, cleanup, fakeHost, renderPage, settle, type FakeHost } from '@cassette/plugin-sdk/testing/ui';
import { SOURCEMAPS_MISSING_TEXT } from '../../api.js';
import { calledPaths, resolvedStack } from '../../testing/error-fixtures.js';
import { NO_RECORDED_STACK, PlayerErrorStack } from './player-error-stack.js';
import { sessionErrorsCache } from './session-errors-cache.js';

afterEach(() => {
  cleanup();
  sessionErrorsCache.clear();
});

const recorded = (key: string, stack: string | null = 'TypeError: x\n    at a (https://shop.test/app.min.js:1:10)'): SessionError => ({
  key,
  source: 'js_exception',
  name: 'TypeError',
  message: 'x',
  stack,
  time: 1_000,
  timestamp: 1_000,
});

const occurrences = () => [
  { errorId: 'e-1', key: '1:3', timestamp: 1_000, status: 'unresolved' },
  { errorId: 'e-2', key: '2:0', timestamp: 2_000, status: 'resolved' },
];

/** The stacks as the player shows them, on a session's page. */
const showStacks = (host: FakeHost, ...keys: Array<[key: string, stack?: string | null]>) =>
  renderPage(
    <>
      {keys.map(([key, stack]) => (
        <PlayerErrorStack key={key} projectId={7} sessionId="s1" error={recorded(key, stack)} />
      ))}
    </>,
    '/7/session/s1',
    '*',
    { host },
  ).container;

describe("the player's error stack", () => {
  it('shows the mapped stack of the occurrence with a link to its error', async () => {
    const host = fakeHost({
      routes: {
        'GET /7/sessions2/s1/errors': occurrences,
        'GET /7/sessions2/s1/errors/e-1/sourcemaps': () => resolvedStack({ sourcemapsMissing: true }),
      },
    });
    const container = showStacks(host, ['1:3']);
    await settle();
    expect(calledPaths(host.api.get)).toEqual(['/7/sessions2/s1/errors', '/7/sessions2/s1/errors/e-1/sourcemaps?key=1%3A3']);
    expect(byTestId(container, 'open-error')!.getAttribute('href')).toBe('/7/errors/e-1');
    expect(allByTestId(container, 'stack-frame')[0]!.textContent).toContain('addToCart');
    expect(byTestId(container, 'sourcemaps-missing')!.textContent).toContain(SOURCEMAPS_MISSING_TEXT);
  });

  it("asks for the session's errors once for all its rows", async () => {
    const host = fakeHost({
      routes: {
        'GET /7/sessions2/s1/errors': occurrences,
        'GET /7/sessions2/s1/errors/e-1/sourcemaps': () => resolvedStack(),
        'GET /7/sessions2/s1/errors/e-2/sourcemaps': () => resolvedStack(),
      },
    });
    showStacks(host, ['1:3'], ['2:0']);
    await settle();
    expect(calledPaths(host.api.get).filter((p) => p === '/7/sessions2/s1/errors')).toHaveLength(1);
    expect(calledPaths(host.api.get)).toContain('/7/sessions2/s1/errors/e-2/sourcemaps?key=2%3A0');
  });

  it('shows the recorded lines while the error has no group yet', async () => {
    const host = fakeHost({ routes: { 'GET /7/sessions2/s1/errors': occurrences } });
    const container = showStacks(host, ['9:9']);
    await settle();
    expect(allByTestId(container, 'recorded-frame').map((f) => f.textContent)).toEqual(['TypeError: x', '    at a (https://shop.test/app.min.js:1:10)']);
    expect(byTestId(container, 'open-error')).toBeNull();
    expect(calledPaths(host.api.get)).toEqual(['/7/sessions2/s1/errors']);
  });

  it('falls back to the recorded lines when the lookup fails, and says when there are none', async () => {
    const host = fakeHost({
      routes: {
        'GET /7/sessions2/s1/errors': () => {
          throw new ApiError(0, ['Connection error']);
        },
      },
    });
    const container = showStacks(host, ['1:3', null]);
    await settle();
    expect(container.textContent).toBe(NO_RECORDED_STACK);
  });

  it('keeps the link and shows the recorded lines when the mapped stack fails', async () => {
    const host = fakeHost({
      routes: {
        'GET /7/sessions2/s1/errors': occurrences,
        'GET /7/sessions2/s1/errors/e-1/sourcemaps': () => {
          throw new ApiError(500, ['Mapping failed']);
        },
      },
    });
    const container = showStacks(host, ['1:3']);
    await settle();
    expect(byTestId(container, 'open-error')).not.toBeNull();
    expect(allByTestId(container, 'recorded-frame')).toHaveLength(2);
  });
});
