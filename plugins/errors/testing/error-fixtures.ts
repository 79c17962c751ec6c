// Fixtures for the errors UI's tests: errors, stack frames and stacks as the server answers them.
// The host, the page render and the user's actions come from `@cassette/plugin-sdk/testing/ui`.
import type { Mock } from 'vitest';
import type { ErrorDetail, ErrorListItem, ResolvedStack, StackFrame } from '../api.js';

export const NOW = Date.UTC(2026, 10, 21, 14, 0, 0);

/** The paths a fake API method was called with, in order. */
export const calledPaths = (fn: Mock) => fn.mock.calls.map((c) => c[0] as string);

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
    syntheticOccurrences: 0,
    synthetic: false,
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
