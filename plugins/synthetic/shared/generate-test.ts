// A recorded visit turned into test steps (spec §2 "generate a test from the session"):
// pages opened become navigate steps, clicks and inputs keep the recorded selector and, as
// fallbacks, the element's text; a masked value becomes a variable the member fills in.
import type { TestStep } from './model.js';

export interface RecordedEvent {
  type: string;
  /** The player's event key: `batch:index` for tracked events, the order the tracker captured them in. */
  key?: string;
  url?: string;
  target?: { path?: string; label?: string };
  targetContent?: string;
  value?: string;
}

export interface GeneratedSteps {
  steps: TestStep[];
  /** Variables the steps use for masked values (name → the field's label). */
  variables: { name: string; label: string }[];
}

const MAX_TEXT_SELECTOR = 60;

function variableName(label: string, path: string, taken: Set<string>): string {
  const base = (label || path.replace(/^[#.]/, '') || 'value').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40) || 'value';
  let name = /^[a-z_]/.test(base) ? base : `v_${base}`;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  taken.add(name);
  return name;
}

function selectorsOf(event: RecordedEvent, withText: boolean): string[] {
  const selectors: string[] = [];
  if (event.target?.path) selectors.push(event.target.path);
  const text = (event.targetContent ?? '').trim();
  if (withText && text && text.length <= MAX_TEXT_SELECTOR) selectors.push(`text=${JSON.stringify(text)}`);
  const label = (event.target?.label ?? '').trim();
  if (withText && label && label !== text && label.length <= MAX_TEXT_SELECTOR) selectors.push(`text=${JSON.stringify(label)}`);
  return [...new Set(selectors)];
}

const CAPTURE_KEY = /^(\d+):(\d+)$/;

/**
 * The events in the order the tracker captured them. The player lists events by timestamp, and a
 * page's clock can run ahead of the next page's: a click that opened a page may be listed after
 * that page's visit. Tracked events carry `batch:index` keys that keep the tab's own order; they
 * are put in that order within the places they hold, other events (rage clicks) stay where they are.
 */
export function inCaptureOrder(events: RecordedEvent[]): RecordedEvent[] {
  const slots: number[] = [];
  const tracked: { event: RecordedEvent; batch: number; index: number }[] = [];
  events.forEach((event, at) => {
    const match = CAPTURE_KEY.exec(event.key ?? '');
    if (!match) return;
    slots.push(at);
    tracked.push({ event, batch: Number(match[1]), index: Number(match[2]) });
  });
  tracked.sort((a, b) => a.batch - b.batch || a.index - b.index);
  const ordered = [...events];
  slots.forEach((at, n) => (ordered[at] = tracked[n]!.event));
  return ordered;
}

/** Steps from the session's events, in the order they were captured. Keys are `g1`, `g2`, ... */
export function generateSteps(recorded: RecordedEvent[]): GeneratedSteps {
  const events = inCaptureOrder(recorded);
  const steps: TestStep[] = [];
  const variables: { name: string; label: string }[] = [];
  const taken = new Set<string>();
  const byField = new Map<string, string>();
  const key = () => `g${steps.length + 1}`;
  let lastUrl: string | null = null;
  for (const event of events) {
    const previous = steps.at(-1);
    if (event.type === 'LOCATION' && event.url) {
      // A page reached by a click is what the click does: the test clicks, it does not type the address.
      const followsAction = previous !== undefined && (previous.type === 'click' || previous.type === 'input');
      if (event.url !== lastUrl && !followsAction) steps.push({ key: key(), type: 'navigate', value: event.url });
      lastUrl = event.url;
    } else if ((event.type === 'CLICK' || event.type === 'CLICKRAGE') && event.target?.path) {
      steps.push({ key: key(), type: 'click', selectors: selectorsOf(event, true) });
    } else if (event.type === 'INPUT' && event.target?.path) {
      const selectors = selectorsOf(event, false);
      const raw = event.value ?? '';
      let value = raw;
      // The tracker masks by replacing characters with '*': such a value is not the real one.
      if (raw.includes('*')) {
        let name = byField.get(event.target.path);
        if (!name) {
          name = variableName(event.target.label ?? '', event.target.path, taken);
          byField.set(event.target.path, name);
          variables.push({ name, label: event.target.label || event.target.path });
        }
        value = `\${${name}}`;
      }
      // Typing into the same field again replaces what the step types.
      if (previous?.type === 'input' && previous.selectors[0] === selectors[0]) previous.value = value;
      else steps.push({ key: key(), type: 'input', selectors, value });
    }
  }
  return { steps, variables };
}
