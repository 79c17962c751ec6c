/** The live search's filters (spec part 2 §2): what makes sense for a tab open now. */
export type LiveFilterKey = 'userId' | 'metadata' | 'userBrowser' | 'userCountry' | 'url';

export interface LiveFilter {
  key: LiveFilterKey;
  value: string;
  /** METADATA: the metadata key. */
  metaKey?: string;
}

export const LIVE_FILTER_KEYS: ReadonlyArray<{ key: LiveFilterKey; label: string; placeholder: string }> = [
  { key: 'userId', label: 'User Id', placeholder: 'E.g. ada@example.com' },
  { key: 'metadata', label: 'Metadata', placeholder: 'Value' },
  { key: 'userBrowser', label: 'User Browser', placeholder: 'E.g. Chrome' },
  { key: 'userCountry', label: 'User Country', placeholder: 'Two letters, e.g. FR' },
  { key: 'url', label: 'Visited URL', placeholder: 'E.g. /checkout' },
];

export const labelOf = (key: LiveFilterKey) => LIVE_FILTER_KEYS.find((k) => k.key === key)?.label ?? key;

/** A filter is added only if one of its key is not there yet (spec: "Live search adds a filter only if not already present"). */
export function addFilter(filters: readonly LiveFilter[], filter: LiveFilter): LiveFilter[] {
  if (filters.some((f) => f.key === filter.key)) return [...filters];
  return [...filters, filter];
}

/** What the filter holds wrong, or null: the server would refuse it with a 400 otherwise. */
export function filterProblem(filter: LiveFilter): string | null {
  const value = filter.value.trim();
  if (!value) return 'Type a value first.';
  if (filter.key === 'userCountry' && !/^[A-Za-z]{2}$/.test(value)) return 'A country is its two-letter code, e.g. FR.';
  if (filter.key === 'metadata' && !filter.metaKey?.trim()) return 'Name the metadata key first.';
  return null;
}

/** The list's query string for `GET /assist/sessions`. */
export function liveQuery(filters: readonly LiveFilter[], page: number): string {
  const params = new URLSearchParams();
  for (const f of filters) {
    if (f.key === 'metadata') {
      params.set('metaKey', f.metaKey ?? '');
      params.set('metaValue', f.value.trim());
    } else params.set(f.key, f.key === 'userCountry' ? f.value.trim().toUpperCase() : f.value.trim());
  }
  if (page > 1) params.set('page', String(page));
  return params.toString();
}
