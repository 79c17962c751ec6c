import { useEffect, useState } from 'react';
import { useApi } from '@cassette/plugin-sdk/ui';
import type { MetadataField } from './filter-item.js';

/**
 * The project's metadata fields (`GET /api/{projectId}/metadata`), offered under Metadata in the
 * filter picker. Without them the picker still offers every other key, so a failure stays quiet.
 */
export function useProjectMetadata(projectId: number | null): MetadataField[] {
  const api = useApi();
  const [fields, setFields] = useState<MetadataField[]>([]);
  useEffect(() => {
    if (projectId === null) return;
    let current = true;
    api
      .get<unknown>(`/${projectId}/metadata`)
      .then((answer) => {
        if (current) setFields(readFields(answer));
      })
      .catch(() => {
        if (current) setFields([]);
      });
    return () => {
      current = false;
    };
  }, [api, projectId]);
  return fields;
}

function readFields(answer: unknown): MetadataField[] {
  if (!Array.isArray(answer)) return [];
  return answer
    .filter((f): f is MetadataField => Boolean(f) && typeof f === 'object' && typeof (f as MetadataField).key === 'string' && (f as MetadataField).key !== '')
    .map((f) => ({ index: Number(f.index), key: f.key, label: typeof f.label === 'string' ? f.label : undefined }));
}
