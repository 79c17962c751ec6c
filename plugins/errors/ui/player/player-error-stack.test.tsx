// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import type { SessionError } from '@cassette/plugin-sessions/api';
import { SOURCEMAPS_MISSING_TEXT } from '../../api.js';
import { allByTestId, byTestId, calls, fakeHost, mount, resolvedStack, settle, unmount } from '../../testing/test-host.js';
import { NO_RECORDED_STACK, PlayerErrorStack } from './player-error-stack.js';
import { sessionErrorsCache } from './session-errors-cache.js';

afterEach(() => {
  unmount();
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

describe("the player's error stack", () => {
  it('shows the mapped stack of the occurrence with a link to its error', async () => {
    const host = fakeHost({
      'GET /7/sessions2/s1/errors': occurrences,
      'GET /7/sessions2/s1/errors/e-1/sourcemaps': () => resolvedStack({ sourcemapsMissing: true }),
    });
    const container = mount(host, <PlayerErrorStack projectId={7} sessionId="s1" error={recorded('1:3')} />, '/7/session/s1');
    await settle();
    expect(calls(host.api.get)).toEqual(['/7/sessions2/s1/errors', '/7/sessions2/s1/errors/e-1/sourcemaps?key=1%3A3']);
    expect(byTestId(container, 'open-error')!.getAttribute('href')).toBe('/7/errors/e-1');
    expect(allByTestId(container, 'stack-frame')[0]!.textContent).toContain('addToCart');
    expect(byTestId(container, 'sourcemaps-missing')!.textContent).toContain(SOURCEMAPS_MISSING_TEXT);
  });

  it("asks for the session's errors once for all its rows", async () => {
    const host = fakeHost({
      'GET /7/sessions2/s1/errors': occurrences,
      'GET /7/sessions2/s1/errors/e-1/sourcemaps': () => resolvedStack(),
      'GET /7/sessions2/s1/errors/e-2/sourcemaps': () => resolvedStack(),
    });
    mount(
      host,
      <>
        <PlayerErrorStack projectId={7} sessionId="s1" error={recorded('1:3')} />
        <PlayerErrorStack projectId={7} sessionId="s1" error={recorded('2:0')} />
      </>,
      '/7/session/s1',
    );
    await settle();
    expect(calls(host.api.get).filter((p) => p === '/7/sessions2/s1/errors')).toHaveLength(1);
    expect(calls(host.api.get)).toContain('/7/sessions2/s1/errors/e-2/sourcemaps?key=2%3A0');
  });

  it('shows the recorded lines while the error has no group yet', async () => {
    const host = fakeHost({ 'GET /7/sessions2/s1/errors': occurrences });
    const container = mount(host, <PlayerErrorStack projectId={7} sessionId="s1" error={recorded('9:9')} />, '/7/session/s1');
    await settle();
    expect(allByTestId(container, 'recorded-frame').map((f) => f.textContent)).toEqual(['TypeError: x', '    at a (https://shop.test/app.min.js:1:10)']);
    expect(byTestId(container, 'open-error')).toBeNull();
    expect(calls(host.api.get)).toEqual(['/7/sessions2/s1/errors']);
  });

  it('falls back to the recorded lines when the lookup fails, and says when there are none', async () => {
    const host = fakeHost({
      'GET /7/sessions2/s1/errors': () => {
        throw new ApiError(0, ['Connection error']);
      },
    });
    const container = mount(host, <PlayerErrorStack projectId={7} sessionId="s1" error={recorded('1:3', null)} />, '/7/session/s1');
    await settle();
    expect(container.textContent).toBe(NO_RECORDED_STACK);
  });

  it('keeps the link and shows the recorded lines when the mapped stack fails', async () => {
    const host = fakeHost({
      'GET /7/sessions2/s1/errors': occurrences,
      'GET /7/sessions2/s1/errors/e-1/sourcemaps': () => {
        throw new ApiError(500, ['Mapping failed']);
      },
    });
    const container = mount(host, <PlayerErrorStack projectId={7} sessionId="s1" error={recorded('1:3')} />, '/7/session/s1');
    await settle();
    expect(byTestId(container, 'open-error')).not.toBeNull();
    expect(allByTestId(container, 'recorded-frame')).toHaveLength(2);
  });
});
