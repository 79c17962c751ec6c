import type { ErrorEvent as TrackedError } from './protocol';

const MAX_STACK = 8_000;
const MAX_MESSAGE = 1_000;

export function describeError(error: unknown, source: TrackedError['source'], ts: number): TrackedError {
  if (error instanceof Error || (error && typeof error === 'object' && 'message' in error)) {
    const e = error as Error;
    const out: TrackedError = {
      type: 'error',
      ts,
      source,
      name: String(e.name || 'Error').slice(0, 200),
      message: String(e.message ?? '').slice(0, MAX_MESSAGE),
    };
    if (typeof e.stack === 'string') out.stack = e.stack.slice(0, MAX_STACK);
    return out;
  }
  let message: string;
  try {
    message = typeof error === 'string' ? error : JSON.stringify(error) ?? String(error);
  } catch {
    message = String(error);
  }
  return { type: 'error', ts, source, name: source === 'unhandled_rejection' ? 'UnhandledRejection' : 'Error', message: message.slice(0, MAX_MESSAGE) };
}

/** Uncaught exceptions and unhandled promise rejections, with stacks when the browser gives them. */
export function installErrorCapture(win: Window & typeof globalThis, emit: (e: TrackedError) => void, now: () => number): () => void {
  const onError = (ev: Event) => {
    // Failed resources also fire "error" (captured, not bubbling); they are not exceptions.
    if (!(ev instanceof win.ErrorEvent)) return;
    const e = ev as globalThis.ErrorEvent;
    const tracked = describeError(e.error ?? { name: 'Error', message: e.message }, 'js_exception', now());
    if (!tracked.stack && e.filename) tracked.stack = `at ${e.filename}:${e.lineno}:${e.colno}`;
    emit(tracked);
  };
  const onRejection = (ev: PromiseRejectionEvent) => emit(describeError(ev.reason, 'unhandled_rejection', now()));
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection as EventListener);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection as EventListener);
  };
}
