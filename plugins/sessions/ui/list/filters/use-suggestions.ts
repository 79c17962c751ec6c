import { useEffect, useRef, useState } from 'react';
import { AUTOCOMPLETE_DEBOUNCE_MS, type ValueSuggestion } from './suggestions.js';

export type SuggestionStatus = 'idle' | 'waiting' | 'done' | 'failed';

export interface Suggestions {
  items: ValueSuggestion[];
  status: SuggestionStatus;
}

/**
 * The autocomplete's suggestions while it is open. A typed query is asked 1000 ms after the last
 * keystroke (spec part 1 §9); the empty query (on focus) at once. Answers are kept per query, and
 * a late answer to an older query is dropped. `source` names what is suggested (the key and
 * operator): when it changes, the kept answers go.
 */
export function useSuggestions(load: ((query: string) => Promise<ValueSuggestion[]>) | null, source: string, query: string, open: boolean): Suggestions {
  const [state, setState] = useState<Suggestions>({ items: [], status: 'idle' });
  const loadRef = useRef(load);
  loadRef.current = load;
  const cache = useRef(new Map<string, ValueSuggestion[]>());
  const enabled = load !== null;

  useEffect(() => {
    cache.current.clear();
  }, [source]);

  useEffect(() => {
    if (!open || !enabled) return;
    const q = query.trim();
    const kept = cache.current.get(q);
    if (kept) {
      setState({ items: kept, status: 'done' });
      return;
    }
    setState((s) => ({ items: s.items, status: 'waiting' }));
    let current = true;
    const timer = setTimeout(
      () => {
        const loading = loadRef.current?.(q);
        if (!loading) return;
        loading
          .then((items) => {
            cache.current.set(q, items);
            if (current) setState({ items, status: 'done' });
          })
          .catch(() => {
            if (current) setState({ items: [], status: 'failed' });
          });
      },
      q === '' ? 0 : AUTOCOMPLETE_DEBOUNCE_MS,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, enabled, query, source]);

  return open && enabled ? state : { items: [], status: 'idle' };
}
