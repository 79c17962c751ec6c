import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Button, FormErrors, formatDateTime, Input, NoContent, useHost } from '@cassette/plugin-sdk/ui';
import { REHYDRATION_NAME_MAX, REHYDRATION_USER_ID_MAX, rehydrationProblems, type Rehydration } from '../../shared/rehydration.js';
import { messagesOf } from './watchdog-form.js';
import { forgetWatchdogStatus } from './watchdog-status.js';

/** How often the list is read again while a job is queued or in progress. */
export const REHYDRATION_POLL_MS = 2000;

const STATE_LABELS: Record<Rehydration['state'], string> = { queued: 'Queued', 'in progress': 'In progress', done: 'Done', failed: 'Failed' };

/** A `datetime-local` value (the browser's local time), minute precision. */
function localInput(epochMs: number): string {
  const d = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (value: string): number | undefined => {
  const ms = new Date(value).getTime();
  return value && Number.isFinite(ms) ? ms : undefined;
};

/**
 * Rehydration jobs (spec part 2 §3): process the ended sessions of a time range (or of one user)
 * again with the current issue detection and watchdog rules, with their state and progress.
 */
export function RehydrationSection({ projectId, isAdmin }: { projectId: number; isAdmin: boolean }) {
  const { api, timezone, toast } = useHost();
  const titleId = useId();
  const [jobs, setJobs] = useState<Rehydration[] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [from, setFrom] = useState(() => localInput(Date.now() - 86_400_000));
  // The next whole minute: the inputs have no seconds, and a session that started this minute is included.
  const [to, setTo] = useState(() => localInput(Date.now() + 60_000));
  const [userId, setUserId] = useState('');
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [starting, setStarting] = useState(false);

  const reload = useCallback(
    () =>
      api
        .get<Rehydration[]>(`/${projectId}/rehydrations`)
        .then((list) => {
          setJobs(list);
          setErrors([]);
          return list;
        })
        .catch((error) => {
          setErrors(messagesOf(error));
          return null;
        }),
    [api, projectId],
  );
  useEffect(() => void reload(), [reload]);

  const running = (jobs ?? []).some((j) => j.state === 'queued' || j.state === 'in progress');
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      void reload().then((list) => {
        // Finished: the sessions list's tabs and rows read the new results.
        if (list && !list.some((j) => j.state === 'queued' || j.state === 'in progress')) forgetWatchdogStatus(projectId);
      });
    }, REHYDRATION_POLL_MS);
    return () => clearInterval(timer);
  }, [running, reload, projectId]);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    const body = { name, startTs: fromLocalInput(from), endTs: fromLocalInput(to), ...(userId.trim() ? { userId: userId.trim() } : {}) };
    const problems = rehydrationProblems(body);
    if (problems.length > 0) {
      setFormErrors(problems);
      return;
    }
    setFormErrors([]);
    setStarting(true);
    try {
      const job = await api.post<Rehydration>(`/${projectId}/rehydrations`, body);
      toast(`Rehydration "${job.name}" started for ${job.sessionsCount} ${job.sessionsCount === 1 ? 'session' : 'sessions'}`, 'success');
      setName('');
      await reload();
    } catch (error) {
      setFormErrors(messagesOf(error));
    } finally {
      setStarting(false);
    }
  };

  return (
    <section className="cs-card cs-stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="cs-section-title">
        Rehydration
      </h2>
      <p className="cs-muted">Process recorded sessions again with the current rules, so a new watchdog rule also flags sessions recorded before it existed.</p>
      {isAdmin && (
        <form className="cs-form" onSubmit={start} noValidate aria-label="New rehydration">
          <Input label="Name" name="rehydrationName" value={name} maxLength={REHYDRATION_NAME_MAX} placeholder="Last week with the new rules" onChange={(e) => setName(e.target.value)} />
          <Input label="From" name="rehydrationFrom" type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
          <Input label="To" name="rehydrationTo" type="datetime-local" value={to} hint="At least 1 minute after From." onChange={(e) => setTo(e.target.value)} />
          <Input
            label="User ID (optional)"
            name="rehydrationUserId"
            value={userId}
            maxLength={REHYDRATION_USER_ID_MAX}
            hint="Only this user's sessions; leave empty for everyone's."
            onChange={(e) => setUserId(e.target.value)}
          />
          <FormErrors errors={formErrors} />
          <div className="cs-form__actions">
            <Button type="submit" variant="primary" loading={starting}>
              Start rehydration
            </Button>
          </div>
        </form>
      )}
      <FormErrors errors={errors} />
      {jobs !== null && jobs.length === 0 && <NoContent title="No rehydrations yet." />}
      {jobs !== null && jobs.length > 0 && (
        <table className="cs-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Sessions of</th>
              <th scope="col">State</th>
              <th scope="col">Progress</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.rehydrationId} data-testid="rehydration-row" data-state={job.state}>
                <td>{job.name}</td>
                <td>
                  {formatDateTime(job.startAt, timezone)} – {formatDateTime(job.endAt, timezone)}
                  {job.userId ? ` · ${job.userId}` : ''}
                </td>
                <td>{STATE_LABELS[job.state]}</td>
                <td>
                  <progress max={100} value={job.progress} aria-label={`Progress of ${job.name}`} /> {job.processedCount} of {job.sessionsCount} sessions
                  {job.error && <div className="cs-error-text">{job.error}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
