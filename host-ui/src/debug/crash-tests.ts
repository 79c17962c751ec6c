/**
 * What the crash-testing widget's buttons do (spec part 1 §2): each raises, in the app itself,
 * one of the failures Cassette records, the way a broken page would. Errors are thrown from a
 * timer so they reach `window.onerror` uncaught, as on a real site.
 */

type Later = (fn: () => void) => void;
const later: Later = (fn) => setTimeout(fn, 0);

/** Memory the "memory growth" button holds on to, so it is not collected. */
const held: unknown[] = [];
/** Each press of "memory growth" keeps this much more (about 32 MB of numbers). */
export const MEMORY_STEP_ITEMS = 4_000_000;
/** The missing path the failing fetch asks for: under /api so the server answers 404 as JSON. */
export const MISSING_PATH = '/api/crash-test/no-such-path';

export interface TrackerLike {
  event(name: string, payload?: unknown): void;
}

export const CRASH_TESTS = {
  evalError: {
    label: 'Eval error',
    run(run: Later = later) {
      // Broken code given to eval, uncaught. In the app the content security policy allows no
      // eval (no 'unsafe-eval'), so the browser refuses it with an EvalError; elsewhere the
      // broken code raises a SyntaxError.
      run(() => (0, eval)('function ('));
    },
  },
  trackerCrash: {
    label: 'Tracker crash',
    run(run: Later = later, tracker: TrackerLike | null = null) {
      // A payload that throws however the tracker reads it: the failure starts inside the tracker.
      // The tracker survives a payload that cannot be serialized (it keeps its text instead), so
      // the text throws too.
      const fail = (): never => {
        throw new Error('Crash test: the tracker failed while reading an event');
      };
      const poisoned = {
        get detail(): never {
          return fail();
        },
        toString: fail,
        [Symbol.toPrimitive]: fail,
      };
      run(() => {
        if (tracker) tracker.event('crash_test', poisoned);
        else JSON.stringify(poisoned);
      });
    },
  },
  undefinedProperty: {
    label: 'Undefined property',
    run(run: Later = later) {
      run(() => {
        const missing = (globalThis as Record<string, unknown>).__cassetteCrashTestMissing as { property: unknown };
        return missing.property;
      });
    },
  },
  memoryGrowth: {
    label: 'Memory growth',
    run() {
      held.push(new Array(MEMORY_STEP_ITEMS).fill(held.length + 1));
      return held.length;
    },
  },
  failingFetch: {
    label: 'Failing fetch',
    async run(fetcher: typeof fetch = fetch) {
      const res = await fetcher(`${MISSING_PATH}?at=${Date.now()}`);
      return res.status;
    },
  },
} as const;

/** How many memory-growth presses are held (for the widget's label). */
export const heldSteps = () => held.length;

/** What the widget says about the memory it holds. */
export const heldMemoryText = (steps: number) => `Holding ${steps} ${steps === 1 ? 'block' : 'blocks'} of memory`;
