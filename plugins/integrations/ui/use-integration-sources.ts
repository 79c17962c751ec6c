import { useCallback, useEffect, useState } from 'react';
import { useHost } from '@cassette/plugin-sdk/ui';
import type { IntegrationSource } from '../shared/integration.js';
import { errorsOf } from './api-errors.js';
import { sourcesPath } from './integration-paths.js';

export interface IntegrationSources {
  sources: IntegrationSource[] | null;
  errors: string[];
  reload(): void;
}

/** What the project can connect and what it has, loaded on mount and after each change. */
export function useIntegrationSources(projectId: number | null): IntegrationSources {
  const { api } = useHost();
  const [sources, setSources] = useState<IntegrationSource[] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (projectId === null) return;
    let current = true;
    api.get<IntegrationSource[]>(sourcesPath(projectId)).then(
      (list) => current && (setSources(list), setErrors([])),
      (error: unknown) => current && setErrors(errorsOf(error)),
    );
    return () => {
      current = false;
    };
  }, [api, projectId, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { sources, errors, reload };
}
