// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client.js';
import { useLatestAnswer, type LatestAnswer } from './use-latest-answer.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A promise settled by the test. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useLatestAnswer', () => {
  let root: Root | null = null;
  afterEach(() => act(() => root?.unmount()));

  function mount(initial: string | null, load: (request: string) => Promise<string>) {
    const seen: { current: LatestAnswer<string> | null } = { current: null };
    function Probe({ request }: { request: string | null }) {
      seen.current = useLatestAnswer(request, () => load(request!), 'It could not be loaded.');
      return null;
    }
    root = createRoot(document.createElement('div'));
    act(() => root!.render(<Probe request={initial} />));
    return { seen, rerender: (request: string | null) => act(() => root!.render(<Probe request={request} />)) };
  }

  it('keeps the answer of the newest request, whatever order the answers arrive in', async () => {
    const pending = new Map<string, ReturnType<typeof deferred<string>>>();
    const { seen, rerender } = mount('a', (request) => {
      const d = deferred<string>();
      pending.set(request, d);
      return d.promise;
    });
    expect(seen.current!.loading).toBe(true);
    rerender('b');
    await act(async () => pending.get('b')!.resolve('answer b'));
    await act(async () => pending.get('a')!.resolve('answer a'));
    expect(seen.current!.data).toBe('answer b');
    expect(seen.current!.loading).toBe(false);
  });

  it("shows the server's errors, or the fallback text, and loads again on retry", async () => {
    let calls = 0;
    const { seen } = mount('a', async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(400, ['Bad sort: use lastOccurrence.']);
      if (calls === 2) throw new TypeError('network down');
      return 'fine';
    });
    await act(async () => {});
    expect(seen.current!.errors).toEqual(['Bad sort: use lastOccurrence.']);
    expect(seen.current!.data).toBeNull();
    await act(async () => seen.current!.retry());
    expect(seen.current!.errors).toEqual(['It could not be loaded.']);
    await act(async () => seen.current!.retry());
    expect(seen.current!).toMatchObject({ data: 'fine', errors: [], loading: false });
    act(() => seen.current!.setData('changed in place'));
    expect(seen.current!.data).toBe('changed in place');
    expect(calls).toBe(3);
  });

  it('loads nothing without a request', async () => {
    let calls = 0;
    const { seen } = mount(null, async () => String(++calls));
    await act(async () => {});
    expect(seen.current).toMatchObject({ data: null, loading: false });
    expect(calls).toBe(0);
  });
});
