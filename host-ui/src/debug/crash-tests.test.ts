import { describe, expect, it, vi } from 'vitest';
import { CRASH_TESTS, heldMemoryText, heldSteps, MISSING_PATH } from './crash-tests.js';

// The buttons throw from a timer so the error is uncaught on the page; here the "timer" runs at once.
const now = (fn: () => void) => fn();

describe('the crash-testing widget’s failures (spec part 1 §2)', () => {
  it('raises an eval error, a tracker crash and an undefined property access', () => {
    expect(() => CRASH_TESTS.evalError.run(now)).toThrow(SyntaxError);
    // Reads the payload the way the real tracker does (sdk/tracker site-events `bounded`): its
    // JSON, or its text when it has none.
    const tracker = {
      event: vi.fn((_name: string, payload?: unknown) => {
        try {
          return JSON.stringify(payload);
        } catch {
          return String(payload);
        }
      }),
    };
    expect(() => CRASH_TESTS.trackerCrash.run(now, tracker)).toThrow('Crash test: the tracker failed while reading an event');
    expect(tracker.event).toHaveBeenCalledWith('crash_test', expect.anything());
    expect(() => CRASH_TESTS.trackerCrash.run(now, null)).toThrow(/tracker failed/);
    expect(() => CRASH_TESTS.undefinedProperty.run(now)).toThrow(TypeError);
  });

  it('grows memory that stays held, and fetches a path that does not exist', async () => {
    const before = heldSteps();
    expect(CRASH_TESTS.memoryGrowth.run()).toBe(before + 1);
    expect(heldSteps()).toBe(before + 1);
    expect([heldMemoryText(1), heldMemoryText(2)]).toEqual(['Holding 1 block of memory', 'Holding 2 blocks of memory']);
    const fetcher = vi.fn(async (url: string | URL | Request) => new Response('{"errors":["Not found"]}', { status: String(url).startsWith(MISSING_PATH) ? 404 : 200 }));
    expect(await CRASH_TESTS.failingFetch.run(fetcher as typeof fetch)).toBe(404);
  });
});
