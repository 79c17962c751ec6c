import { useEffect, useRef, useState } from 'react';
import { MAX_QUERY_LENGTH } from './error-list-search.js';

/** Spec part 2 §9: edits are debounced 500 ms. */
export const QUERY_DEBOUNCE_MS = 500;

export interface SearchBoxProps {
  value: string;
  onSearch(query: string): void;
}

/** The text query: sent once typing pauses; follows the URL when it changes (Back). */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const [typed, setTyped] = useState(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const lastSent = useRef(value);

  useEffect(() => {
    lastSent.current = value;
    setTyped(value);
  }, [value]);

  useEffect(() => {
    if (typed.trim() === lastSent.current.trim()) return;
    const timer = setTimeout(() => {
      lastSent.current = typed;
      onSearchRef.current(typed.trim());
    }, QUERY_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  return (
    <input
      type="search"
      className="cs-input cs-errors-search"
      placeholder="Search by name, message or file"
      aria-label="Search errors"
      maxLength={MAX_QUERY_LENGTH}
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
    />
  );
}
