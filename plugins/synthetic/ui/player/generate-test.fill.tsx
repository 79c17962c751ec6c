import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, Button, useApi, useToast } from '@cassette/plugin-sdk/ui';
import type { PlayerHeaderActionProps } from '@cassette/plugin-sessions/api';
import type { Test } from '../../shared/model.js';
import { builderPath } from '../common/paths.js';

/** The player's "Generate test": the session's events become a test, opened in the builder. */
export function GenerateTestAction({ projectId, session }: PlayerHeaderActionProps) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const generate = async () => {
    setBusy(true);
    try {
      const test = await api.post<Test & { variables: { name: string }[] }>(`/${projectId}/sessions2/${session.sessionId}/gentest`, { events: session.events });
      if (test.variables.length) toast(`Set the masked values in Variables: ${test.variables.map((v) => v.name).join(', ')}`, 'info');
      navigate(builderPath(projectId, test.testId));
    } catch (error) {
      toast(error instanceof ApiError ? error.message : 'The test could not be generated.', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" variant="secondary" loading={busy} onClick={() => void generate()}>
      Generate test
    </Button>
  );
}
