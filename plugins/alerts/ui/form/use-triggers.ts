import { useEffect, useState } from 'react';
import { useApi } from '@cassette/plugin-sdk/ui';
import type { AlertTrigger } from '../../api.js';
import { alertsRoutes } from '../paths.js';

/** The trigger picker's options (`GET /alerts/triggers`); null while loading. */
export function useTriggers(projectId: number): AlertTrigger[] | null {
  const api = useApi();
  const [triggers, setTriggers] = useState<AlertTrigger[] | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<AlertTrigger[]>(alertsRoutes.triggers(projectId))
      .then((t) => live && setTriggers(t))
      .catch(() => live && setTriggers([]));
    return () => {
      live = false;
    };
  }, [api, projectId]);
  return triggers;
}
