/** The value below which `p` percent of the samples lie (nearest rank; samples need not be sorted). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('no samples');
  if (!(p > 0 && p <= 100)) throw new Error(`percentile must be in (0, 100], not ${p}`);
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}

/** Columns padded to their widest cell, separated by ` | `; numbers right-aligned. */
export function formatTable(head: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [head, ...rows].map((row) => row.map((c) => (typeof c === 'number' ? c.toLocaleString('en-US') : c)));
  const widths = head.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = (row: readonly (string | number)[], texts: readonly string[]) =>
    texts.map((t, i) => (typeof row[i] === 'number' ? t.padStart(widths[i]!) : t.padEnd(widths[i]!))).join(' | ').trimEnd();
  return [line(head, cells[0]!), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map((row, r) => line(row, cells[r + 1]!))].join('\n');
}
