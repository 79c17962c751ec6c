/** `work` on every item, at most `size` at a time, answers in the items' order: a tool with hundreds of projects is not asked hundreds of times at once. */
export async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}
