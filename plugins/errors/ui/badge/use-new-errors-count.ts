import { useEffect, useState } from 'react';
import { useApi, useHost } from '@cassette/plugin-sdk/ui';
import { NEW_ERRORS_REFRESH_MS, NEW_ERRORS_WINDOW_MS, type ErrorStats } from '../../api.js';
import { errorsRoutes } from '../paths.js';
import { onErrorsSeen } from './errors-seen-signal.js';

/**
 * Unresolved errors of the last 7 days the user has not viewed (spec part 1 §4), refreshed
 * every 5 minutes while mounted. Never asks without ERRORS: the server would only refuse it (403).
 */
export function useNewErrorsCount(siteId: number): number {
  const api = useApi();
  const { hasPermission } = useHost();
  const allowed = hasPermission('ERRORS');
  const [count, setCount] = useState(0);

  useEffect(() => {
    setCount(0);
    if (!allowed) return;
    let current = true;
    const refresh = () => {
      const now = Date.now();
      api
        .get<ErrorStats>(errorsRoutes.stats(siteId, now - NEW_ERRORS_WINDOW_MS, now))
        .then((stats) => current && setCount(Math.max(0, Number(stats?.unresolvedUnviewed) || 0)))
        // A missed refresh keeps the last count; the next one tries again.
        .catch(() => {});
    };
    refresh();
    const timer = setInterval(refresh, NEW_ERRORS_REFRESH_MS);
    const stopListening = onErrorsSeen(refresh);
    return () => {
      current = false;
      clearInterval(timer);
      stopListening();
    };
  }, [api, allowed, siteId]);

  return allowed ? count : 0;
}
