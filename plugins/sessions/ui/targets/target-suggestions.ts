import type { Target } from '../../shared/targets.js';
import type { ValueSuggestion } from '../list/filters/suggestions.js';

/**
 * A click filter "on selector" offers the project's targets first, by their names: picking one
 * searches the clicks on its element. Matched by name or selector, any case; each selector once.
 */
export function targetSuggestions(targets: readonly Target[], query: string): ValueSuggestion[] {
  const q = query.trim().toLowerCase();
  const seen = new Set<string>();
  return targets
    .filter((t) => q === '' || t.label.toLowerCase().includes(q) || t.path.toLowerCase().includes(q))
    .filter((t) => !seen.has(t.path) && seen.add(t.path))
    .map((t) => ({ value: t.path, label: `Target: ${t.label}` }));
}

/** Targets first, then the server's other suggestions of the same selectors left out. */
export function withTargets(targets: readonly ValueSuggestion[], others: readonly ValueSuggestion[]): ValueSuggestion[] {
  const taken = new Set(targets.map((t) => t.value));
  return [...targets, ...others.filter((o) => !taken.has(o.value))];
}
