// Public surface of the sessions plugin: refs and types only.
export interface SessionSummary {
  sessionId: string;
  projectId: number;
  startedAt: number;
  duration: number;
  userId: string | null;
  userAnonymousId: string | null;
  userBrowser: string | null;
  userOs: string | null;
  userDevice: string | null;
  userDeviceType: string | null;
  userCountry: string | null;
  pagesCount: number;
  eventsCount: number;
  errorsCount: number;
  issueTypes: string[];
  metadata: Record<string, string>;
  userDisplayName: string;
}

export interface SessionSearchResult {
  sessions: SessionSummary[];
  total: number;
}
