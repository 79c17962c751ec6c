import type { TimelineItem } from '../issues/heuristic.js';
import { contextText } from '../issues/heuristic.js';
import type { Watchdog } from '../../shared/watchdogs.js';

/** What the matcher needs of a rule. */
export type RunnableWatchdog = Pick<Watchdog, 'watchdogId' | 'name' | 'ruleId' | 'ruleConfig' | 'payload'>;

/** One event of a session that a rule matched; stored in `sessions_issues` as type `watchdog`. */
export interface WatchdogHit {
  watchdogId: number;
  contextString: string;
  /** Epoch ms, server clock. */
  timestamp: number;
  seq: number;
  idx: number;
  payload: { watchdogId: number; name: string; ruleId: string };
}

/** Hits kept per rule and batch: finding the session is what matters; a CPU rule would otherwise flag every sample. */
export const HITS_PER_RULE_AND_BATCH = 5;

const BYTES_PER_MB = 1024 * 1024;

/** FNV-1a of the text: the same session and rule always land on the same side of a rate. */
function bucketOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % 100;
}

/** Whether a rule flags this session at all: always with capture all, else for `rate` percent of sessions. */
export function watchdogSampled(sessionId: string, rule: Pick<RunnableWatchdog, 'watchdogId' | 'payload'>): boolean {
  if (rule.payload.captureAll) return true;
  return bucketOf(`${sessionId}:${rule.watchdogId}`) < rule.payload.rate;
}

const contains = (haystack: unknown, needle: string) => typeof haystack === 'string' && haystack.toLowerCase().includes(needle.toLowerCase());
const above = (measure: unknown, threshold: number) => typeof measure === 'number' && Number.isFinite(measure) && measure > threshold;

/** What the event shows for the rule (the context), or null when it does not match. */
export function matchEvent(rule: Pick<RunnableWatchdog, 'ruleId' | 'ruleConfig'>, item: TimelineItem): string | null {
  if (item.source !== 'event') return null;
  const event = item.event;
  const value = rule.ruleConfig.value;
  const text = String(value);
  const threshold = Number(value);
  switch (rule.ruleId) {
    case 'custom_event':
      return event.type === 'custom' && typeof event.name === 'string' && event.name.trim().toLowerCase() === text.trim().toLowerCase() ? `Custom event ${event.name}` : null;
    case 'error_message':
      return event.type === 'error' && contains(event.message, text) ? `${event.name}: ${event.message}` : null;
    case 'click_label':
      return event.type === 'click' && contains(event.label, text) ? `Click on ${event.label}` : null;
    case 'page_url':
      return event.type === 'page' && contains(event.url, text) ? event.url : null;
    case 'page_load_time':
      return event.type === 'page_timing' && above(event.timings?.load, threshold) ? `Page load ${Math.round(event.timings.load!)} ms: ${event.url}` : null;
    case 'request_duration':
      return event.type === 'request' && above(event.duration, threshold) ? `${event.method} ${event.url} took ${Math.round(event.duration)} ms` : null;
    case 'cpu_load':
      return event.type === 'performance' && above(event.cpu, threshold) ? `CPU ${Math.round(event.cpu)} %` : null;
    case 'memory_used':
      return event.type === 'performance' && above(typeof event.memoryUsed === 'number' ? event.memoryUsed / BYTES_PER_MB : null, threshold)
        ? `Memory ${Math.round(event.memoryUsed! / BYTES_PER_MB)} MB`
        : null;
    default:
      return null;
  }
}

/**
 * The hits of the project's enabled rules among one batch's timeline (in time order). A rule
 * whose rate leaves this session out finds nothing in it. Pure and stateless: each event is
 * judged alone, so batches and slices may come in any grouping.
 */
export function matchWatchdogs(rules: readonly RunnableWatchdog[], sessionId: string, items: readonly TimelineItem[]): WatchdogHit[] {
  const hits: WatchdogHit[] = [];
  for (const rule of rules) {
    if (!watchdogSampled(sessionId, rule)) continue;
    let found = 0;
    for (const item of items) {
      const context = matchEvent(rule, item);
      if (context === null) continue;
      hits.push({
        watchdogId: rule.watchdogId,
        contextString: contextText(`${rule.name}: ${context}`),
        timestamp: item.ts,
        seq: item.seq,
        idx: item.idx,
        payload: { watchdogId: rule.watchdogId, name: rule.name, ruleId: rule.ruleId },
      });
      if (++found >= HITS_PER_RULE_AND_BATCH) break;
    }
  }
  return hits;
}
