// The session's backend lines as marks on the player's timeline, beside its own errors and clicks.
import { useEffect } from 'react';
import type { PlayerTimelineMarkersProps } from '@cassette/plugin-sessions/api';
import { lineMarkers, placeLines } from './backend-logs.js';
import { useBackendLogs } from './use-backend-logs.js';

export default function BackendLogMarkers({ projectId, session, showMarkers }: PlayerTimelineMarkersProps) {
  // The same fetch as the "Backend logs" panel; a failure shows there, the timeline just has no marks.
  const { answer } = useBackendLogs(projectId, session.sessionId);
  useEffect(() => {
    showMarkers(answer ? lineMarkers(placeLines(answer.lines, session.startedAt)) : []);
  }, [answer, session.startedAt, showMarkers]);
  return null;
}
