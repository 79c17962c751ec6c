// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SYNTHETIC_METADATA_KEY, trackerInitScript } from './tracker-injection.js';

type Call = [string, ...unknown[]];
/** happy-dom does not load script files; it reports them loaded instead of logging an error. */
const settings = () => (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings;

describe('the tracker a run injects', () => {
  let loadingAsSuccess = false;
  beforeEach(() => {
    loadingAsSuccess = settings().handleDisabledFileLoadingAsSuccess;
    settings().handleDisabledFileLoadingAsSuccess = true;
  });
  afterEach(() => {
    settings().handleDisabledFileLoadingAsSuccess = loadingAsSuccess;
    for (const script of document.querySelectorAll('script[src*="tracker.js"]')) script.remove();
    delete (window as unknown as { CassetteTracker?: unknown }).CassetteTracker;
  });

  it('loads the project tracker from this server and tags the session synthetic before it starts', () => {
    new Function(trackerInitScript({ publicUrl: 'https://cassette.example.com/', projectKey: 'pk-7' }, 42))();
    const script = document.querySelector<HTMLScriptElement>('script[src*="tracker.js"]')!;
    expect(script.src).toBe('https://cassette.example.com/tracker.js');
    const calls: Call[] = [];
    (window as unknown as { CassetteTracker: unknown }).CassetteTracker = class {
      constructor(options: unknown) {
        calls.push(['new', options]);
      }
      setMetadata(key: string, value: string) {
        calls.push(['setMetadata', key, value]);
      }
      start() {
        calls.push(['start']);
        return Promise.resolve({ ok: true });
      }
    };
    (script.onload as () => void)();
    // In the start request, so the session is synthetic from its first batch on.
    expect(calls).toEqual([['new', { projectKey: 'pk-7', ingestPoint: 'https://cassette.example.com/api/ingest' }], ['setMetadata', SYNTHETIC_METADATA_KEY, '42'], ['start']]);
    expect(SYNTHETIC_METADATA_KEY).toBe('synthetic');
  });

  it('leaves a site that loads the tracker itself alone', () => {
    (window as unknown as { CassetteTracker: unknown }).CassetteTracker = class {};
    new Function(trackerInitScript({ publicUrl: 'https://cassette.example.com', projectKey: 'pk-7' }, 1))();
    expect(document.querySelector('script[src*="tracker.js"]')).toBeNull();
  });
});
