import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { ApiError } from './api-client.js';

export interface LatestAnswer<T> {
  /** The answer to the current request; null before it arrives and after a failure. */
  data: T | null;
  loading: boolean;
  /** What went wrong, as the server said it (else `failedText`); empty when the last load worked. */
  errors: string[];
  /** Loads the same request again. */
  retry(): void;
  /** Changes the answer in place (a toggled bookmark, merged rows) without loading again. */
  setData: Dispatch<SetStateAction<T | null>>;
}

/**
 * Loads with `load` whenever `request` changes (a string naming what is asked, e.g. the project
 * and the JSON body), and on `retry`. An answer to an older request is dropped, so a slow search
 * cannot overwrite a newer one. `request` null loads nothing.
 */
export function useLatestAnswer<T>(request: string | null, load: () => Promise<T>, failedText: string): LatestAnswer<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(request !== null);
  const [errors, setErrors] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  // The latest closure, without making every render's new function a new request.
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (request === null) return;
    let current = true;
    setLoading(true);
    setErrors([]);
    loadRef
      .current()
      .then((answer) => current && setData(answer))
      .catch((e: unknown) => {
        if (!current) return;
        setData(null);
        setErrors(e instanceof ApiError ? e.errors : [failedText]);
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [request, attempt, failedText]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, loading, errors, retry, setData };
}
