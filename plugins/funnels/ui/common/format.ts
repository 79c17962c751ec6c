/** Counts as the page shows them: 1,234. */
export const formatCount = (n: number) => Math.round(n).toLocaleString('en-US');

/** A percentage with at most one decimal: 40 %, 12.5 %. */
export const formatPercent = (n: number) => `${Number.isInteger(n) ? n : Number(n.toFixed(1))} %`;
