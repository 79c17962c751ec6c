/** The fidelity table: one row a page, worst first, with the verdict against the thresholds. */
import { FIDELITY_THRESHOLDS, type FidelityThresholds } from './thresholds.js';

export interface PageScore {
  id: string;
  covers: string;
  /** 0 when the page could not be recorded or replayed (see `problem`). */
  score: number;
  considered: number;
  differing: number;
  problem?: string;
}

export interface Verdict {
  mean: number;
  below: PageScore[];
  passed: boolean;
}

export function verdict(scores: PageScore[], thresholds: FidelityThresholds = FIDELITY_THRESHOLDS): Verdict {
  const mean = scores.length === 0 ? 0 : scores.reduce((sum, s) => sum + s.score, 0) / scores.length;
  const below = scores.filter((s) => s.score < thresholds.page);
  return { mean, below, passed: scores.length > 0 && below.length === 0 && mean >= thresholds.mean };
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - text.length));

/** A Markdown table that reads as well in a terminal as in a file. */
export function fidelityTable(scores: PageScore[], thresholds: FidelityThresholds = FIDELITY_THRESHOLDS): string {
  const rows = [...scores].sort((a, b) => a.score - b.score || a.id.localeCompare(b.id));
  const cells = rows.map((s) => [
    s.id,
    s.score.toFixed(4),
    String(s.considered),
    String(s.differing),
    s.score >= thresholds.page ? 'ok' : 'BELOW',
    s.problem ? `${s.covers} — ${s.problem}` : s.covers,
  ]);
  const head = ['page', 'score', 'considered px', 'differing px', `≥ ${thresholds.page}`, 'covers'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((text, i) => pad(text, widths[i]!)).join(' | ')} |`;
  const v = verdict(scores, thresholds);
  return [
    line(head),
    line(widths.map((w) => '-'.repeat(w))),
    ...cells.map(line),
    '',
    `pages: ${scores.length}, mean score ${v.mean.toFixed(4)} (needs ≥ ${thresholds.mean}), below ${thresholds.page}: ${v.below.length}${v.below.length ? ` (${v.below.map((s) => s.id).join(', ')})` : ''}`,
    `verdict: ${v.passed ? 'pass' : 'FAIL'}`,
  ].join('\n');
}
