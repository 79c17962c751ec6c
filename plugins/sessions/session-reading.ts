import { createServiceRef, type ProjectsService } from '@cassette/plugin-sdk/server';
import type { RecordingsService } from '@cassette/plugin-ingest/api';

/** What the player's routes read besides the plugin's own tables. */
export interface SessionReading {
  recordings: RecordingsService;
  projects: ProjectsService;
}

/** Internal: how the plugin's routes reach this boot's services (routes get none of their own). */
export const sessionReadingRef = createServiceRef<SessionReading>('sessions.reading');
