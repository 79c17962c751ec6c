// A seeded, generated project for the analytics contract: a few hundred sessions over three
// days, drawn from small pools so that every filter, bucket and breakdown row has company
// (repeat users across days, empty and missing values, repeated pages and issues).
import type { IssueType } from '../../shared/issue-types.js';
import { toContractProject, type ProjectEvent, type ProjectIssue, type ProjectSession } from './analytics-project.js';
import type { ContractProject } from './contract-project.js';

export const GENERATED_FROM = Date.UTC(2026, 10, 16, 0, 0, 0);
export const GENERATED_DAYS = 3;
const DAY = 86_400_000;

/** mulberry32: the same seed gives the same project on every store. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const BROWSERS = ['Chrome', 'Chrome', 'Chrome', 'Safari', 'Firefox', 'Edge', null, ''] as const;
const OSES = ['Windows', 'Mac OS X', 'Linux', 'iOS', 'Android', null] as const;
const DEVICE_TYPES = ['desktop', 'desktop', 'mobile', 'tablet', 'other', null] as const;
const COUNTRIES = ['FR', 'FR', 'DE', 'US', 'GB', 'JP', null] as const;
const PATHS = ['/', '/home', '/products/1', '/products/2', '/cart', '/checkout', '/checkout/done'] as const;
const LABELS = ['Buy', 'Add to cart', 'Help', 'Sign up'] as const;
const ISSUES: readonly IssueType[] = ['click_rage', 'js_exception', 'bad_request', 'dead_click', 'crash'];
const PLANS = ['free', 'pro', 'enterprise'] as const;

export function generateProject(sessions: number, seed: number): ContractProject {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const out: ProjectSession[] = [];
  for (let n = 0; n < sessions; n++) {
    // Whole seconds, plus a few starts right on an hour, where buckets meet.
    const startedAt = n % 17 === 0 ? GENERATED_FROM + Math.floor(next() * GENERATED_DAYS * 24) * 3_600_000 : GENERATED_FROM + Math.floor(next() * GENERATED_DAYS * DAY / 1000) * 1000;
    const identity = next();
    const events: ProjectEvent[] = [];
    let at = 0;
    for (let i = Math.floor(next() * 7); i > 0; i--) {
      at += 1000 + Math.floor(next() * 60_000);
      events.push(next() < 0.6 ? { kind: 'page', at, path: pick(PATHS) } : { kind: 'click', at, label: pick(LABELS) });
    }
    const issues: ProjectIssue[] = [];
    for (let i = next() < 0.5 ? 0 : Math.floor(next() * 4); i > 0; i--) issues.push({ type: pick(ISSUES), contextString: pick(PATHS), at: Math.floor(next() * (at + 1)) });
    const metadata: Record<string, string> = next() < 0.7 ? { plan: pick(PLANS) } : {};
    out.push({
      sessionId: `g${seed}-${n}`,
      startedAt,
      durationMs: at + Math.floor(next() * 600_000),
      // 40 identified users and 60 devices, so most users come back; some sessions have neither.
      userId: identity < 0.45 ? `user-${Math.floor(next() * 40)}` : identity < 0.5 ? '' : null,
      userUuid: identity < 0.9 ? `device-${Math.floor(next() * 60)}` : null,
      browser: pick(BROWSERS),
      os: pick(OSES),
      deviceType: pick(DEVICE_TYPES),
      country: pick(COUNTRIES),
      metadata,
      events,
      issues,
    });
  }
  return toContractProject(out);
}
