import { isFullSnapshot, isMutation, isRecordedInput } from './recording-kinds.js';
import { issueAt, trackerEvent, type DetectedIssue, type Heuristic, type TimelineItem } from './heuristic.js';
import { DEAD_CLICK_INPUT_TAGS, DEAD_CLICK_WINDOW_MS } from './thresholds.js';

interface PendingClick {
  selector: string;
  label: string;
  /** The first click: the issue is stored under its position. */
  ts: number;
  seq: number;
  idx: number;
  pageNo: number;
  /** The latest click on the same target while nothing changed: the window runs from it. */
  lastTs: number;
  count: number;
}

export interface DeadClickState {
  pending: PendingClick[];
}

/** Clicks waiting for an answer at once; far more than a person makes in 1.2 s (bounded state). */
const MAX_PENDING = 50;

/** The tag of the selector's last element when it starts with one (`form > input#q`), else null. */
export function tagFromSelector(selector: string): string | null {
  const last = selector.split(/\s*[>+~\s]\s*/).filter(Boolean).pop() ?? '';
  const tag = /^[a-zA-Z][a-zA-Z0-9-]*/.exec(last);
  return tag ? tag[0].toLowerCase() : null;
}

/** Fields and labels answer a click with focus, and editable regions with a caret: never dead. */
export function answersByFocus(tag: string | undefined, selector: string): boolean {
  if (/\[contenteditable/i.test(selector)) return true;
  const name = tag ? tag.toLowerCase() : tagFromSelector(selector);
  return name !== null && DEAD_CLICK_INPUT_TAGS.includes(name);
}

/** Anything that shows the page reacted: a DOM mutation, a new page (snapshot or page event), an input. */
function isPageChange(item: TimelineItem): boolean {
  if (item.source === 'recording') return isMutation(item.event) || isFullSnapshot(item.event) || isRecordedInput(item.event);
  return item.event.type === 'page' || item.event.type === 'input';
}

function dead(click: PendingClick): DetectedIssue {
  return issueAt('dead_click', click, click.selector, { selector: click.selector, label: click.label, count: click.count });
}

/**
 * A click on something that is not a field (input, textarea, select, option, label, or a
 * contenteditable region named in the selector), after which the page did not change within
 * DEAD_CLICK_WINDOW_MS (a change at exactly the window's end still counts as an answer).
 * The tag comes from the tracker (`click.tag`); older trackers send none, and the selector's
 * last element is read instead. Repeated clicks on the same unanswered target are one issue
 * (with their count). A new page load (the batch's page number changes) answers every click
 * of the page before. Clicks still waiting when the session ends were in its last 1.2 s: the
 * user may have left because of the click (a link to another site), so they are not judged.
 */
export const deadClick: Heuristic<DeadClickState> = {
  type: 'dead_click',
  initial: () => ({ pending: [] }),

  observe(state, item) {
    const found: DetectedIssue[] = [];
    const waiting: PendingClick[] = [];
    for (const click of state.pending) {
      if (click.pageNo !== item.pageNo) continue;
      if (item.ts - click.lastTs > DEAD_CLICK_WINDOW_MS) found.push(dead(click));
      else waiting.push(click);
    }
    state.pending = isPageChange(item) ? [] : waiting;

    const click = trackerEvent(item, 'click');
    if (click && !answersByFocus(click.tag, click.selector ?? '')) {
      const same = state.pending.find((p) => p.selector === click.selector);
      if (same) {
        same.count += 1;
        same.lastTs = item.ts;
      } else if (state.pending.length < MAX_PENDING) {
        state.pending.push({ selector: click.selector ?? '', label: click.label ?? '', ts: item.ts, seq: item.seq, idx: item.idx, pageNo: item.pageNo, lastTs: item.ts, count: 1 });
      }
    }
    return found;
  },

  finish(state, endedAt) {
    const found = state.pending.filter((click) => endedAt - click.lastTs > DEAD_CLICK_WINDOW_MS).map(dead);
    state.pending = [];
    return found;
  },
};
