// A session's backend lines, fetched once for everything on the player that shows them (the
// panel and the timeline's markers), while at least one of them is on screen.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useHost, type ApiClient } from '@cassette/plugin-sdk/ui';
import { errorsOf } from './api-errors.js';
import type { BackendLogsAnswer } from './backend-logs.js';
import { backendLogsPath } from './integration-paths.js';

export interface BackendLogsSnapshot {
  /** Null while loading, or when the call failed. */
  answer: BackendLogsAnswer | null;
  errors: string[];
}

export interface BackendLogsState extends BackendLogsSnapshot {
  /** Asks again (after a failure): every reader of the session gets the new answer. */
  retry(): void;
}

type Reader = (snapshot: BackendLogsSnapshot) => void;

interface Entry {
  snapshot: BackendLogsSnapshot;
  readers: Set<Reader>;
  load(): void;
}

const LOADING: BackendLogsSnapshot = { answer: null, errors: [] };

// Per API client, so two hosts (or two page tests) never share answers.
const entriesByClient = new WeakMap<ApiClient, Map<string, Entry>>();

function openEntry(api: ApiClient, projectId: number, sessionId: string): { entry: Entry; close(reader: Reader): void } {
  let entries = entriesByClient.get(api);
  if (!entries) {
    entries = new Map();
    entriesByClient.set(api, entries);
  }
  const key = `${projectId}/${sessionId}`;
  let entry = entries.get(key);
  if (!entry) {
    let generation = 0;
    const created: Entry = {
      snapshot: LOADING,
      readers: new Set(),
      load() {
        // A late answer to an earlier ask must not overwrite a newer one.
        const mine = ++generation;
        const publish = (snapshot: BackendLogsSnapshot) => {
          if (mine !== generation) return;
          created.snapshot = snapshot;
          for (const reader of created.readers) reader(snapshot);
        };
        publish(LOADING);
        api.get<BackendLogsAnswer>(backendLogsPath(projectId, sessionId)).then(
          (answer) => publish({ answer, errors: [] }),
          (error: unknown) => publish({ answer: null, errors: errorsOf(error) }),
        );
      },
    };
    entries.set(key, created);
    created.load();
    entry = created;
  }
  const opened = entry;
  const map = entries;
  return {
    entry: opened,
    close(reader) {
      opened.readers.delete(reader);
      // The last reader gone (the player left): a later visit asks again for fresh lines.
      if (opened.readers.size === 0 && map.get(key) === opened) map.delete(key);
    },
  };
}

/** The session's backend lines (`GET /sessions2/{sessionId}/backend_logs`), shared by every reader on screen. */
export function useBackendLogs(projectId: number, sessionId: string): BackendLogsState {
  const { api } = useHost();
  const [snapshot, setSnapshot] = useState<BackendLogsSnapshot>(LOADING);
  const entryRef = useRef<Entry | null>(null);

  useEffect(() => {
    const { entry, close } = openEntry(api, projectId, sessionId);
    entryRef.current = entry;
    entry.readers.add(setSnapshot);
    setSnapshot(entry.snapshot);
    return () => {
      entryRef.current = null;
      close(setSnapshot);
    };
  }, [api, projectId, sessionId]);

  const retry = useCallback(() => entryRef.current?.load(), []);
  return { ...snapshot, retry };
}
