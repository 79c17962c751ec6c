import { maskConsoleText, stricterMode, type PrivacyRules } from './masking';
import type { RecordingConfig, TrackerEvent } from './protocol';

/**
 * The privacy rules of what a page records before its session starts. The server states the
 * project's rules only in its answer to start, so until then the tracker applies the rules of
 * this project's last answer in this browser, or, on a first visit, the strictest ones. When the
 * answer comes, nothing recorded under laxer rules than the granted ones is ever sent.
 */

/** What a start answer says about privacy. */
export type PrivacyConfig = Pick<RecordingConfig, 'defaultInputMode' | 'maskEmails' | 'maskNumbers' | 'captureNetworkPayloads'>;

/** Before any answer: inputs hidden, emails and numbers masked, no request headers or bodies. */
export const STRICTEST: PrivacyConfig = { defaultInputMode: 'hidden', maskEmails: true, maskNumbers: true, captureNetworkPayloads: false };

type Store = Pick<Storage, 'getItem' | 'setItem'> | undefined;

const keyOf = (projectKey: string) => `cassette:rules:${projectKey}`;

/**
 * The rules of this project's last answer in this browser; null on a first visit (then the
 * strictest apply). localStorage is the site's: anything odd in it counts as the strictest value
 * of its field, anything unreadable as a first visit.
 */
export function rememberedRules(storage: Store, projectKey: string): PrivacyConfig | null {
  try {
    const v = JSON.parse(storage?.getItem(keyOf(projectKey)) ?? 'null') as Partial<PrivacyConfig> | null;
    if (v && (v.defaultInputMode === 'plain' || v.defaultInputMode === 'obscured' || v.defaultInputMode === 'hidden')) {
      return { defaultInputMode: v.defaultInputMode, maskEmails: v.maskEmails !== false, maskNumbers: v.maskNumbers !== false, captureNetworkPayloads: v.captureNetworkPayloads === true };
    }
  } catch {
    // Blocked storage or broken JSON: a first visit.
  }
  return null;
}

/**
 * Whether this project's last answer in this browser recorded canvases (frames per second, 0:
 * off); null on a first visit. It only decides whether WebGL canvases created before the answer
 * keep their pictures readable: frames are recorded from the answer on, at its rate.
 */
export function rememberedCanvasFps(storage: Store, projectKey: string): number | null {
  try {
    const v = JSON.parse(storage?.getItem(keyOf(projectKey)) ?? 'null') as { canvasFps?: unknown } | null;
    if (v && typeof v.canvasFps === 'number') return v.canvasFps;
  } catch {
    // Blocked storage or broken JSON: a first visit.
  }
  return null;
}

/** Keeps the granted rules for the next page load of this project (best effort). */
export function rememberRules(storage: Store, projectKey: string, config: PrivacyConfig & Pick<RecordingConfig, 'canvasFps'>): void {
  try {
    const { defaultInputMode, maskEmails, maskNumbers, captureNetworkPayloads, canvasFps = 0 } = config;
    storage?.setItem(keyOf(projectKey), JSON.stringify({ defaultInputMode, maskEmails, maskNumbers, captureNetworkPayloads, canvasFps }));
  } catch {
    // Full or blocked: the next page starts from the strictest rules again.
  }
}

/** True when everything recorded under `used` is allowed under `granted` as it is. */
export function asStrict(used: PrivacyRules, usedPayloads: boolean, granted: PrivacyRules, grantedPayloads: boolean): boolean {
  return (
    stricterMode(used.defaultInputMode, granted.defaultInputMode) === used.defaultInputMode &&
    (used.maskEmails || !granted.maskEmails) &&
    (used.maskNumbers || !granted.maskNumbers) &&
    (grantedPayloads || !usedPayloads)
  );
}

/**
 * An event recorded before the start, brought under the granted rules: console text is masked
 * again, request headers and bodies go, and clicks and inputs (labels and values read from the
 * page under the laxer rules) are dropped; null drops the event. Errors, page visits, timings and
 * the site's own calls carry nothing the rules mask.
 */
export function remaskEarlyEvent(event: TrackerEvent, rules: PrivacyRules, payloads: boolean): TrackerEvent | null {
  switch (event.type) {
    case 'click':
    case 'input':
      return null;
    case 'console':
      return { ...event, value: maskConsoleText(event.value, rules) };
    case 'request': {
      if (payloads) return event;
      const { requestHeaders, responseHeaders, requestBody, responseBody, ...rest } = event;
      return rest;
    }
    default:
      return event;
  }
}
