import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, Button, Checkbox, ConfirmDialog, CONFIRM_DELETE_LABEL, FormErrors, Input, Loader, Modal, NoContent, Select, formatDateTime, permanentDeleteQuestion, useApi, useHost, useLatestAnswer, useToast } from '@cassette/plugin-sdk/ui';
import type { Webhook } from '@cassette/plugin-webhooks/api';
import { SCHEDULE_EVERY, type Environment, type Run, type Scheduler, type SchedulerNotification, type Test } from '../../shared/model.js';
import { RunOptionsFields } from '../common/run-options-fields.js';
import { runPath, testsPath } from '../common/paths.js';
import { DAY_OPTIONS, HOUR_OPTIONS, frequencyText, newSchedulerForm, readSchedulerForm, schedulerForm, type SchedulerForm } from './scheduler-form.js';
import '../synthetic.css';

const TARGET_LABELS: Record<SchedulerNotification['type'], string> = { email: 'E-mail', slack: 'Slack', webhook: 'Webhook' };

/** Who hears of failures: e-mail addresses, Slack channels and webhooks of the organization. */
function NotificationTargets({ value, webhooks, onChange }: { value: SchedulerNotification[]; webhooks: Webhook[]; onChange(next: SchedulerNotification[]): void }) {
  const [type, setType] = useState<SchedulerNotification['type']>('email');
  const [target, setTarget] = useState('');
  const choices = webhooks.filter((w) => w.type === type);
  const describe = (t: SchedulerNotification) => (t.type === 'email' ? t.value : (webhooks.find((w) => String(w.webhookId) === t.value)?.name ?? `#${t.value}`));
  return (
    <fieldset className="syn-options" aria-label="Notifications">
      <legend>Notify on failure and recovery</legend>
      <ul className="syn-targets">
        {value.map((t, index) => (
          <li key={`${t.type}-${t.value}`}>
            {TARGET_LABELS[t.type]}: {describe(t)}{' '}
            <button type="button" aria-label={`Remove ${TARGET_LABELS[t.type]} ${describe(t)}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <Select label="Notify by" value={type} options={(['email', 'slack', 'webhook'] as const).map((t) => ({ value: t, label: TARGET_LABELS[t] }))} onChange={(e) => { setType(e.target.value as SchedulerNotification['type']); setTarget(''); }} />
      {type === 'email' ? (
        <Input label="E-mail address" type="email" value={target} onChange={(e) => setTarget(e.target.value)} />
      ) : (
        <Select label={type === 'slack' ? 'Slack channel' : 'Webhook'} placeholder={choices.length ? 'Choose one' : 'None yet: add one under Settings, Webhooks'} value={target} options={choices.map((w) => ({ value: String(w.webhookId), label: w.name }))} onChange={(e) => setTarget(e.target.value)} />
      )}
      <Button
        onClick={() => {
          if (!target.trim() || value.some((t) => t.type === type && t.value === target.trim())) return;
          onChange([...value, { type, value: target.trim() }]);
          setTarget('');
        }}
      >
        Add target
      </Button>
    </fieldset>
  );
}

function SchedulerEditor(props: { siteId: string; editing: Scheduler | null; tests: Test[]; environments: Environment[]; webhooks: Webhook[]; onSaved(): void; onClose(): void }) {
  const api = useApi();
  const { timezone } = useHost();
  const [form, setForm] = useState<SchedulerForm>(() => (props.editing ? schedulerForm(props.editing, Date.now()) : newSchedulerForm(props.tests[0]?.testId)));
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof SchedulerForm>(key: K, v: SchedulerForm[K]) => setForm({ ...form, [key]: v });
  const save = async () => {
    const { body, problems } = readSchedulerForm(form, timezone);
    if (!body) return setErrors(problems);
    setBusy(true);
    try {
      if (props.editing) await api.put(`/${props.siteId}/schedulers/${props.editing.schedulerId}`, body);
      else await api.post(`/${props.siteId}/schedulers`, body);
      props.onSaved();
    } catch (error) {
      setErrors(error instanceof ApiError ? error.errors : ['The scheduler could not be saved; try again.']);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={props.editing ? 'Edit scheduler' : 'New scheduler'}
      size="large"
      onClose={props.onClose}
      footer={
        <>
          <Button variant="ghost" onClick={props.onClose}>
            Cancel
          </Button>
          <Button variant="primary" loading={busy} onClick={() => void save()}>
            Save
          </Button>
        </>
      }
    >
      <FormErrors errors={errors} />
      <div className="syn-actions">
        <Select label="Test" placeholder="Choose a test" value={form.testId} options={props.tests.map((t) => ({ value: String(t.testId), label: t.name }))} onChange={(e) => set('testId', e.target.value)} />
        <Input label="Scheduler name" placeholder="The test's name" maxLength={100} value={form.name} onChange={(e) => set('name', e.target.value)} />
      </div>
      <div className="syn-actions">
        <Select label="Run" value={String(form.day)} options={DAY_OPTIONS} onChange={(e) => set('day', Number(e.target.value))} />
        {form.day === SCHEDULE_EVERY ? (
          <Input label="Minutes" type="number" min={5} max={1440} value={form.minutes} onChange={(e) => set('minutes', e.target.value)} />
        ) : (
          <Select label="At" hint={`Your time (${timezone})`} value={String(form.hour)} options={HOUR_OPTIONS} onChange={(e) => set('hour', Number(e.target.value))} />
        )}
        <Select label="Environment" placeholder="Default environment" value={form.environmentId} options={props.environments.map((e) => ({ value: String(e.environmentId), label: e.name }))} onChange={(e) => set('environmentId', e.target.value)} />
        <Select label="Device" value={form.device} options={[{ value: 'desktop', label: 'Desktop' }, { value: 'mobile', label: 'Mobile' }]} onChange={(e) => set('device', e.target.value as SchedulerForm['device'])} />
        <Checkbox label="Active" checked={form.active} onChange={(e) => set('active', e.target.checked)} />
      </div>
      <RunOptionsFields value={form.options} onChange={(options) => set('options', options)} />
      <NotificationTargets value={form.notifications} webhooks={props.webhooks} onChange={(notifications) => set('notifications', notifications)} />
    </Modal>
  );
}

/** The project's schedulers: which test runs when, the next time and how often it ran; add, edit, delete, run now. */
export default function SchedulersPage() {
  const { siteId = '' } = useParams();
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const { timezone } = useHost();
  const schedulers = useLatestAnswer<Scheduler[]>(`${siteId}/schedulers`, () => api.get<Scheduler[]>(`/${siteId}/schedulers`), 'The schedulers could not be loaded.');
  const tests = useLatestAnswer<Test[]>(`${siteId}/tests`, () => api.get<Test[]>(`/${siteId}/tests`), 'The tests could not be loaded.');
  const environments = useLatestAnswer<Environment[]>(`${siteId}/environments`, () => api.get<Environment[]>(`/${siteId}/environments`), 'The environments could not be loaded.');
  const webhooks = useLatestAnswer<Webhook[]>('webhooks', () => api.get<Webhook[]>('/webhooks'), 'The webhooks could not be loaded.');
  const [editing, setEditing] = useState<Scheduler | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Scheduler | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const testName = (testId: number) => tests.data?.find((t) => t.testId === testId)?.name ?? `Test ${testId}`;

  const remove = async (scheduler: Scheduler) => {
    try {
      await api.del(`/${siteId}/schedulers/${scheduler.schedulerId}`);
      setErrors([]);
      schedulers.retry();
    } catch (error) {
      setErrors(error instanceof ApiError ? error.errors : ['The scheduler could not be deleted; try again.']);
    } finally {
      setDeleting(null);
    }
  };
  const runNow = async (scheduler: Scheduler) => {
    try {
      const run = await api.post<Run>(`/${siteId}/schedulers/${scheduler.schedulerId}/run`, {});
      toast('Run started', 'success');
      navigate(runPath(siteId, run.runId));
    } catch (error) {
      setErrors(error instanceof ApiError ? error.errors : ['The run could not start; try again.']);
    }
  };

  return (
    <div className="syn-page">
      <header className="syn-page__header">
        <h1>Schedulers</h1>
        <div className="syn-actions">
          <Link to={testsPath(siteId)}>All tests</Link>
          <Button variant="primary" disabled={!tests.data?.length} title={tests.data?.length ? undefined : 'Build a test first'} onClick={() => setEditing('new')}>
            New scheduler
          </Button>
        </div>
      </header>
      <FormErrors errors={[...schedulers.errors, ...tests.errors, ...errors]} />
      {schedulers.loading && !schedulers.data ? <Loader /> : null}
      {schedulers.data && schedulers.data.length === 0 ? <NoContent title="No schedulers yet" subtext="Schedule a test to run it every few minutes, every day or on a weekday." /> : null}
      {schedulers.data && schedulers.data.length > 0 ? (
        <table className="syn-table" aria-label="Schedulers">
          <thead>
            <tr>
              <th>Name</th>
              <th>Test</th>
              <th>Frequency</th>
              <th>Next execution</th>
              <th>Executions</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {schedulers.data.map((s) => (
              <tr key={s.schedulerId}>
                <td>{s.name}</td>
                <td>{testName(s.testId)}</td>
                <td>{frequencyText(s, Date.now())}</td>
                <td>{s.active && s.nextExecutionTime ? formatDateTime(s.nextExecutionTime, timezone) : 'Paused'}</td>
                <td>{s.numberOFExecutions}</td>
                <td>
                  <div className="syn-actions">
                    <Button size="small" onClick={() => void runNow(s)}>
                      Run now
                    </Button>
                    <Button size="small" variant="ghost" onClick={() => setEditing(s)}>
                      Edit
                    </Button>
                    <Button size="small" variant="danger" onClick={() => setDeleting(s)}>
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {editing && tests.data ? (
        <SchedulerEditor
          siteId={siteId}
          editing={editing === 'new' ? null : editing}
          tests={tests.data}
          environments={environments.data ?? []}
          webhooks={webhooks.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            toast('Scheduler saved', 'success');
            schedulers.retry();
          }}
        />
      ) : null}
      {deleting ? <ConfirmDialog message={permanentDeleteQuestion(`the scheduler "${deleting.name}"`)} confirmLabel={CONFIRM_DELETE_LABEL} onConfirm={() => void remove(deleting)} onCancel={() => setDeleting(null)} /> : null}
    </div>
  );
}
