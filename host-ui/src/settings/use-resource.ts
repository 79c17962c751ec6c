import { useCallback, useEffect, useState } from 'react';
import { useHost } from '@cassette/plugin-sdk/ui';
import { errorsOf } from '../app/errors.js';

/** GET a list once (and on `reload`), with loading and error state. `path` null skips the call. */
export function useResource<T>(path: string | null) {
  const { api } = useHost();
  const [data, setData] = useState<T | null>(null);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (path === null) {
      setLoading(false);
      return;
    }
    let cancelled = false;
    setLoading(true);
    api
      .get<T>(path)
      .then((value) => {
        if (cancelled) return;
        setData(value);
        setErrors(null);
      })
      .catch((error) => !cancelled && setErrors(errorsOf(error)))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [api, path, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, setData, errors, loading, reload };
}
