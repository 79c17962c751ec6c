import type { BenchTable } from './section.js';

/** Printed for `null`: not measured, or not applicable. */
export const NOT_MEASURED = '–';

const MAX_DECIMALS = 3;

function decimalsOf(n: number): number {
  const text = n.toFixed(MAX_DECIMALS).replace(/0+$/, '');
  return text.length - text.indexOf('.') - 1;
}

function cellText(cell: string | number | null, decimals: number): string {
  if (cell === null) return NOT_MEASURED;
  if (typeof cell === 'number') {
    return Number.isFinite(cell) ? cell.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }) : NOT_MEASURED;
  }
  return cell;
}

/**
 * The layout of `formatTable` (tests/bench/latency.ts): columns padded to their widest cell,
 * ` | ` between them. A column whose cells are numbers or nulls is right-aligned, dashes
 * included, so a missing figure sits where the figure would, and its numbers all show the
 * same decimals (the most any of them needs, up to three) so that they line up.
 */
export function renderTable(table: BenchTable): string {
  const columns = table.head.length;
  for (const [i, row] of table.rows.entries()) {
    if (row.length !== columns) throw new Error(`table "${table.title}": row ${i + 1} has ${row.length} cells, the head ${columns}`);
  }
  const numeric = table.head.map((_, c) => table.rows.length > 0 && table.rows.every((row) => row[c] === null || typeof row[c] === 'number'));
  const decimals = table.head.map((_, c) =>
    Math.max(0, ...table.rows.map((row) => row[c]).filter((cell): cell is number => typeof cell === 'number' && Number.isFinite(cell)).map(decimalsOf)),
  );
  const texts = table.rows.map((row) => row.map((cell, c) => cellText(cell, decimals[c]!)));
  const widths = table.head.map((h, c) => Math.max(h.length, ...texts.map((row) => row[c]!.length)));
  const line = (cells: string[]) => cells.map((text, c) => (numeric[c] ? text.padStart(widths[c]!) : text.padEnd(widths[c]!))).join(' | ').trimEnd();
  return [
    table.title,
    '',
    line(table.head),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...texts.map(line),
    ...(table.notes && table.notes.length > 0 ? ['', ...table.notes.map((note) => `  ${note}`)] : []),
  ].join('\n');
}
