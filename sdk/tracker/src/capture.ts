import { installConsoleCapture } from './console-capture';
import { installDomCapture } from './dom-capture';
import { installErrorCapture } from './error-capture';
import { installLocationCapture } from './location-capture';
import { maskConsoleText, type PrivacyRules } from './masking';
import { installNetworkCapture } from './network-capture';
import { DEFAULTS, type TrackerOptions } from './options';
import { installPerformanceCapture } from './performance-capture';
import { installScrollCapture } from './scroll-capture';
import type { PageEvent, TrackerEvent } from './protocol';
import type { Win } from './start-conditions';

/**
 * The captures read `rules` and `capturePayloads` at each event, not once: the rules applied
 * before the session starts are replaced in place by the granted ones, without reinstalling.
 */
export interface CaptureSettings {
  options: TrackerOptions;
  ingestPoint: string;
  rules: PrivacyRules;
  /** Request headers and bodies are recorded (the project and the site both allow it). */
  capturePayloads: boolean;
}

export interface Captures {
  /** Reports the fields still being typed in (the page is about to hide). */
  flushPendingInputs: () => void;
  /** Reports the page timings and the scroll depth known so far (the page is about to hide, or the recording stops). */
  flushTimings: () => void;
  /** Each undoes one capture, in the order they were installed. */
  disposers: Array<() => void>;
}

/** The page visit, as the session list, the search and the errors' pages name it. */
export function pageEvent(win: Win, ts: number): PageEvent {
  return { type: 'page', ts, url: win.location.href, referrer: win.document.referrer, title: win.document.title };
}

/**
 * Everything recorded besides the page visit and the DOM: requests, console, errors, clicks and
 * inputs, and performance, as the options and the project's privacy rules allow.
 */
export function installCaptures(win: Win, settings: CaptureSettings, push: (event: TrackerEvent) => void): Captures {
  const { options, ingestPoint, rules } = settings;
  const now = () => Date.now();
  const captures: Captures = { flushPendingInputs: () => undefined, flushTimings: () => undefined, disposers: [] };

  if (options.network?.enabled !== false) {
    captures.disposers.push(
      installNetworkCapture(
        win,
        {
          ingestPoint,
          get capturePayloads() {
            return settings.capturePayloads;
          },
          ignoreHeaders: options.network?.ignoreHeaders ?? [],
          sanitizer: options.network?.sanitizer,
          baseUrl: win.location.href,
        },
        (req) => push({ type: 'request', ts: now(), ...req }),
      ),
    );
  }
  const levels = options.console?.levels ?? DEFAULTS.consoleLevels;
  if (levels.length) {
    captures.disposers.push(
      installConsoleCapture(win.console, levels, (level, value) =>
        push({ type: 'console', ts: now(), level, value: maskConsoleText(value, rules) }),
      ),
    );
  }
  captures.disposers.push(installErrorCapture(win, push, now));
  // A single-page app's route change is a page visit too (LOCATION), as a page load is.
  captures.disposers.push(installLocationCapture(win, () => push(pageEvent(win, now()))));
  const dom = installDomCapture(win.document, rules, push, now);
  captures.flushPendingInputs = dom.flushPendingInputs;
  captures.disposers.push(dom.dispose);
  if (options.capturePerformance !== false) {
    // The load's timings belong to the page that loaded, even when the app has changed route since.
    const loadedUrl = win.location.href;
    const perf = installPerformanceCapture(win, {
      ingestPoint,
      sampleMs: DEFAULTS.performanceSampleMs,
      now,
      emitTimings: (timings) => push({ type: 'page_timing', ts: now(), url: loadedUrl, timings }),
      emitResource: push,
      emitSample: push,
    });
    captures.flushTimings = perf.flushTimings;
    captures.disposers.push(perf.dispose);
  }
  const scroll = installScrollCapture(win, push, now);
  const { flushTimings } = captures;
  captures.flushTimings = () => (flushTimings(), scroll.flush());
  captures.disposers.push(scroll.dispose);
  return captures;
}
