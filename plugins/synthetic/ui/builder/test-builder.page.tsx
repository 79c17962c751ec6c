import { useEffect, useReducer, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, Button, FormErrors, Input, Select, TagEditor, useApi, useToast } from '@cassette/plugin-sdk/ui';
import { STEP_TYPES, type Environment, type Run, type StepType, type Template, type Test, type TestStep } from '../../shared/model.js';
import { testProblems } from '../../shared/validation.js';
import { runPath, testsPath } from '../common/paths.js';
import { builderReducer, emptyBuilder, newStepKey, saveBody } from './builder-state.js';
import { StepEditor } from './step-editor.js';
import { emptyRunOptions, readRunOptions } from '../common/run-options.js';
import { RunOptionsFields } from '../common/run-options-fields.js';
import '../synthetic.css';

const STEP_LABELS: Record<StepType, string> = { navigate: 'Navigate', click: 'Click', input: 'Input', custom: 'Custom code', test: 'Import test' };

function blankStep(type: StepType, tests: Test[]): TestStep {
  const key = newStepKey();
  switch (type) {
    case 'navigate':
      return { key, type, value: '/' };
    case 'click':
      return { key, type, selectors: [''] };
    case 'input':
      return { key, type, selectors: [''], value: '' };
    case 'custom':
      return { key, type, code: '' };
    case 'test':
      return { key, type, testId: tests[0]?.testId ?? 0 };
  }
}

/** Spec part 1 §2 `/{siteId}/test-builder` (`?testId=` edits a saved test). */
export default function TestBuilderPage() {
  const { siteId = '' } = useParams();
  const [search] = useSearchParams();
  const testId = Number(search.get('testId')) || null;
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(builderReducer, emptyBuilder);
  const [errors, setErrors] = useState<string[]>([]);
  const [tagging, setTagging] = useState(false);
  const [adding, setAdding] = useState<StepType>('navigate');
  const [templates, setTemplates] = useState<Template[]>([]);
  const [tests, setTests] = useState<Test[]>([]);
  const [environments, setEnvironments] = useState<Environment[]>([]);
  const [environmentId, setEnvironmentId] = useState('');
  const [device, setDevice] = useState('desktop');
  const [busy, setBusy] = useState(false);
  const [options, setOptions] = useState(emptyRunOptions);
  const [showOptions, setShowOptions] = useState(false);

  useEffect(() => {
    void api.get<Template[]>(`/${siteId}/templates`).then(setTemplates, () => undefined);
    void api.get<Test[]>(`/${siteId}/tests`).then((all) => setTests(all.filter((t) => t.testId !== testId)), () => undefined);
    void api.get<Environment[]>(`/${siteId}/environments`).then(setEnvironments, () => undefined);
    if (testId) void api.get<Test>(`/${siteId}/tests/${testId}`).then((test) => dispatch({ type: 'load', test }), (e: unknown) => setErrors(e instanceof ApiError ? e.errors : ['The test could not be loaded.']));
  }, [api, siteId, testId]);

  const save = async (): Promise<number | null> => {
    const problems = testProblems(state);
    if (problems.length) {
      setErrors(problems);
      return null;
    }
    setBusy(true);
    try {
      const saved = state.testId ? await api.put<Test>(`/${siteId}/tests/${state.testId}`, saveBody(state)) : await api.post<Test>(`/${siteId}/tests`, saveBody(state));
      dispatch({ type: 'load', test: saved });
      setErrors([]);
      if (!state.testId) navigate(`/${siteId}/test-builder?testId=${saved.testId}`, { replace: true });
      toast('Test saved', 'success');
      return saved.testId;
    } catch (error) {
      setErrors(error instanceof ApiError ? error.errors : ['The test could not be saved.']);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    const read = readRunOptions(options);
    if (read.problems.length) {
      setShowOptions(true);
      setErrors(read.problems);
      return;
    }
    const id = state.modified || !state.testId ? await save() : state.testId;
    if (!id) return;
    try {
      const started = await api.post<Run>(`/${siteId}/tests/${id}/runs`, { ...(environmentId ? { environmentId: Number(environmentId) } : {}), device, ...read.options });
      navigate(runPath(siteId, started.runId));
    } catch (error) {
      setErrors(error instanceof ApiError ? error.errors : ['The run could not start.']);
    }
  };

  return (
    <div className="syn-page">
      <header className="syn-page__header">
        <div>
          <Input label="Test name" value={state.name} maxLength={100} onChange={(e) => dispatch({ type: 'rename', name: e.target.value })} />
          {state.generated ? <span className="syn-badge">generated</span> : null}
          {state.modified ? <span className="syn-modified" data-testid="modified">Modified</span> : null}
        </div>
        <div className="syn-actions">
          <Select label="Environment" placeholder="Default environment" value={environmentId} options={environments.map((e) => ({ value: String(e.environmentId), label: e.name }))} onChange={(e) => setEnvironmentId(e.target.value)} />
          <Select label="Device" value={device} options={[{ value: 'desktop', label: 'Desktop' }, { value: 'mobile', label: 'Mobile' }]} onChange={(e) => setDevice(e.target.value)} />
          <Button onClick={() => void save()} loading={busy} disabled={!state.modified && !!state.testId}>
            Save
          </Button>
          <Button variant="ghost" aria-expanded={showOptions} onClick={() => setShowOptions(!showOptions)}>
            Run options
          </Button>
          <Button variant="primary" onClick={() => void run()}>
            Run test
          </Button>
          <Button variant="link" onClick={() => navigate(testsPath(siteId))}>
            All tests
          </Button>
        </div>
      </header>
      {showOptions ? <RunOptionsFields value={options} onChange={setOptions} /> : null}
      <div className="syn-actions" aria-label="Tags">
        {state.tags.map((tag) => (
          <span key={tag} className="syn-badge">
            #{tag}{' '}
            <button type="button" aria-label={`Remove tag ${tag}`} onClick={() => dispatch({ type: 'removeTag', tag })}>
              ×
            </button>
          </span>
        ))}
        {tagging ? <TagEditor onAdd={(tag) => dispatch({ type: 'addTag', tag })} onClose={() => setTagging(false)} /> : <Button variant="link" onClick={() => setTagging(true)}>+ Add tag</Button>}
      </div>
      <FormErrors errors={errors} />
      <ol className="syn-steps" aria-label="Steps">
        {state.steps.map((step, index) => (
          <li key={step.key} className={`syn-step${step.isDisabled ? ' syn-step--disabled' : ''}`} data-testid="step">
            <div className="syn-step__head">
              <span>{index + 1}.</span>
              <span className="syn-step__type">{STEP_LABELS[step.type]}</span>
              {step.imported ? <span className="syn-badge">imported</span> : null}
              <Button size="small" variant="ghost" aria-label="Move up" disabled={index === 0} onClick={() => dispatch({ type: 'move', key: step.key, by: -1 })}>↑</Button>
              <Button size="small" variant="ghost" aria-label="Move down" disabled={index === state.steps.length - 1} onClick={() => dispatch({ type: 'move', key: step.key, by: 1 })}>↓</Button>
              <Button size="small" variant="ghost" onClick={() => dispatch({ type: 'copy', key: step.key })}>Copy</Button>
              <Button size="small" variant="ghost" onClick={() => dispatch({ type: 'toggle', key: step.key })}>{step.isDisabled ? 'Enable' : 'Disable'}</Button>
              <Button size="small" variant="danger" onClick={() => dispatch({ type: 'remove', key: step.key })}>Remove</Button>
            </div>
            <StepEditor step={step} templates={templates} tests={tests} onChange={(edited) => dispatch({ type: 'edit', key: step.key, step: edited })} />
          </li>
        ))}
      </ol>
      <div className="syn-actions">
        <Select label="Step type" value={adding} options={STEP_TYPES.map((t) => ({ value: t, label: STEP_LABELS[t] }))} onChange={(e) => setAdding(e.target.value as StepType)} />
        <Button onClick={() => dispatch({ type: 'add', step: blankStep(adding, tests) })}>Add step</Button>
      </div>
    </div>
  );
}
