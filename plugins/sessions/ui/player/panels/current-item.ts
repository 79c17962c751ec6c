/**
 * The item the player is "at": the last one that happened at or before the current time.
 * Items must be in time order; -1 while the player is before the first one.
 */
export function currentItemIndex(items: ReadonlyArray<{ time: number }>, currentTime: number): number {
  let low = 0;
  let high = items.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (items[middle]!.time <= currentTime) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** A copy in time order; equal times keep their recorded order. */
export function byTime<T extends { time: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.time - b.time);
}

/** Whether a text filter (trimmed, case-insensitive) matches any of the given texts. */
export function matchesText(query: string, texts: ReadonlyArray<string | null | undefined>): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return texts.some((text) => text != null && text.toLowerCase().includes(needle));
}
