import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, Button, FormErrors, Loader, NoContent, formatDateTime, useHost } from '@cassette/plugin-sdk/ui';
import { MAX_FAILURES_TEXT, PARKED_LIST_LIMIT, stepLabel, type ParkedStep, type ParkedStepList, type RetryAllOutcome, type RetryOutcome } from '../../shared/parked.js';
import { FIX_THEN_RETRY, retryAllMessage, retryMessage } from './parked-messages.js';

const errorsOf = (error: unknown): string[] => (error instanceof ApiError ? error.errors : [error instanceof Error ? error.message : String(error)]);

/**
 * Preferences › Processing (admins): the organization's processing steps parked after their
 * processor kept failing, each with a Retry button, and Retry all.
 */
export default function ParkedStepsTab() {
  const { api, toast, timezone } = useHost();
  const [list, setList] = useState<ParkedStepList | null>(null);
  const [loadErrors, setLoadErrors] = useState<string[] | null>(null);
  const [retrying, setRetrying] = useState<ReadonlySet<number>>(new Set());
  const [retryingAll, setRetryingAll] = useState(false);

  const load = useCallback(async () => {
    try {
      setList(await api.get<ParkedStepList>('/client/ingest/parked'));
      setLoadErrors(null);
    } catch (error) {
      setLoadErrors([`The parked steps could not be loaded: ${errorsOf(error).join(' ')}`, 'Reload the page to try again.']);
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  const retry = async (step: ParkedStep) => {
    setRetrying((ids) => new Set(ids).add(step.id));
    try {
      const message = retryMessage(step, await api.post<RetryOutcome>(`/client/ingest/parked/${step.id}/retry`));
      toast(message.text, message.kind);
    } catch (error) {
      // 409: the session is being processed right now (the message says to retry in a minute); 404: already gone.
      toast(errorsOf(error).join(' '), 'error');
    } finally {
      setRetrying((ids) => {
        const next = new Set(ids);
        next.delete(step.id);
        return next;
      });
      await load();
    }
  };

  const retryAll = async () => {
    setRetryingAll(true);
    try {
      const message = retryAllMessage(await api.post<RetryAllOutcome>('/client/ingest/parked/retry'));
      toast(message.text, message.kind);
    } catch (error) {
      toast(errorsOf(error).join(' '), 'error');
    } finally {
      setRetryingAll(false);
      await load();
    }
  };

  const steps = list?.steps ?? [];
  return (
    <div className="cs-stack-lg">
      <div className="cs-page__header">
        <div>
          <h1 className="cs-page__title">Processing</h1>
          <p className="cs-muted">
            When a processor fails on a recording {MAX_FAILURES_TEXT}, that part of the session is parked here instead of being dropped, and the rest of the session
            is processed. {FIX_THEN_RETRY}
          </p>
        </div>
        <div className="cs-page__actions">
          <Button variant="primary" loading={retryingAll} disabled={steps.length === 0} onClick={() => void retryAll()}>
            Retry all
          </Button>
        </div>
      </div>
      <FormErrors errors={loadErrors} />
      <section className="cs-card cs-card--flush">
        {list === null ? (
          loadErrors ? null : <Loader />
        ) : steps.length === 0 ? (
          <NoContent title="Nothing is parked" subtext="Every recorded session was processed. Parts of sessions whose processing keeps failing show up here, to retry once the cause is fixed." />
        ) : (
          <table className="cs-table" data-testid="parked-steps">
            <thead>
              <tr>
                {['Project', 'Session', 'Step', 'Processor', 'Error', 'Parked'].map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
                <th scope="col">
                  <span className="cs-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {steps.map((step) => (
                <tr key={step.id}>
                  <td>{step.projectName || <span className="cs-muted">Deleted project</span>}</td>
                  <td>
                    <Link to={`/${step.projectId}/session/${step.sessionId}`}>
                      <code className="cs-code-inline">{step.sessionId}</code>
                    </Link>
                  </td>
                  <td>{stepLabel(step)}</td>
                  <td>
                    <code className="cs-code-inline">{step.processor}</code>
                  </td>
                  <td>{step.error}</td>
                  <td>
                    {formatDateTime(step.parkedAt, timezone)}
                    <div className="cs-muted">{step.attempts} attempts</div>
                  </td>
                  <td className="cs-table__actions">
                    <Button size="small" loading={retrying.has(step.id)} disabled={retryingAll} aria-label={`Retry ${stepLabel(step)} of session ${step.sessionId}`} onClick={() => void retry(step)}>
                      Retry
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {list && list.total > steps.length && (
        <p className="cs-muted">
          The first {PARKED_LIST_LIMIT} of {list.total} parked steps are shown; Retry all runs them in this order.
        </p>
      )}
    </div>
  );
}
