import { useEffect, useRef, useState } from 'react';
import { usePlugins } from '../plugins/plugin-boot.js';
import { CRASH_TESTS, heldMemoryText, heldSteps, type TrackerLike } from './crash-tests.js';

declare global {
  interface Window {
    CassetteTracker?: new (options: { projectKey: string; ingestPoint: string }) => TrackerLike & { start(): void };
  }
}

/**
 * The hidden debug widget (spec part 1 §2): shown only when the operator turned crash testing
 * on (CASSETTE_CRASH_TESTING). With self-recording on (CASSETTE_SELF_RECORD_KEY), the app loads
 * its own tracker so the failures the buttons raise are recorded like any site's.
 */
export function CrashTestingWidget() {
  const { debug } = usePlugins();
  const tracker = useSelfRecording(debug.selfRecordKey);
  const [open, setOpen] = useState(false);
  const [last, setLast] = useState('');
  if (!debug.crashTesting) return null;
  return (
    <div className="cs-crash-testing" data-testid="crash-testing">
      <button type="button" className="cs-btn cs-btn--secondary cs-btn--small" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Crash testing
      </button>
      {open && (
        <div className="cs-crash-testing__panel" role="group" aria-label="Crash tests">
          <p className="cs-muted cs-small">{debug.selfRecordKey ? 'This app records itself: the failures arrive as its sessions.' : 'Self-recording is off: the failures show in the browser console only.'}</p>
          <button type="button" className="cs-btn cs-btn--ghost cs-btn--small" onClick={() => (CRASH_TESTS.evalError.run(), setLast('Eval error raised'))}>
            {CRASH_TESTS.evalError.label}
          </button>
          <button type="button" className="cs-btn cs-btn--ghost cs-btn--small" onClick={() => (CRASH_TESTS.trackerCrash.run(undefined, tracker.current), setLast('Tracker crash raised'))}>
            {CRASH_TESTS.trackerCrash.label}
          </button>
          <button type="button" className="cs-btn cs-btn--ghost cs-btn--small" onClick={() => (CRASH_TESTS.undefinedProperty.run(), setLast('Undefined property read'))}>
            {CRASH_TESTS.undefinedProperty.label}
          </button>
          <button type="button" className="cs-btn cs-btn--ghost cs-btn--small" onClick={() => setLast(heldMemoryText(CRASH_TESTS.memoryGrowth.run()))}>
            {CRASH_TESTS.memoryGrowth.label}
          </button>
          <button type="button" className="cs-btn cs-btn--ghost cs-btn--small" onClick={() => void CRASH_TESTS.failingFetch.run().then((status) => setLast(`The missing path answered ${status}`))}>
            {CRASH_TESTS.failingFetch.label}
          </button>
          <p className="cs-small" role="status" data-testid="crash-testing-last">
            {last || (heldSteps() ? heldMemoryText(heldSteps()) : '')}
          </p>
        </div>
      )}
    </div>
  );
}

/** Loads this install's tracker script and starts it on the operator's project key, once. */
function useSelfRecording(projectKey: string | null) {
  const tracker = useRef<TrackerLike | null>(null);
  useEffect(() => {
    if (!projectKey || tracker.current) return;
    const start = () => {
      if (!window.CassetteTracker || tracker.current) return;
      const t = new window.CassetteTracker({ projectKey, ingestPoint: `${window.location.origin}/api/ingest` });
      t.start();
      tracker.current = t;
    };
    if (window.CassetteTracker) return start();
    const script = document.createElement('script');
    script.src = '/tracker.js';
    script.async = true;
    script.onload = start;
    document.head.appendChild(script);
  }, [projectKey]);
  return tracker;
}
