import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, Button, Checkbox, FormErrors, Input, Textarea, useApi, useLatestAnswer } from '@cassette/plugin-sdk/ui';
import type { Environment, Template, Variable } from '../../shared/model.js';
import { environmentProblems, templateProblems, variableProblems } from '../../shared/validation.js';
import { testsPath } from '../common/paths.js';
import '../synthetic.css';

/** One list with an add form: the same shape for environments, variables and templates. */
function Section<T>(props: {
  title: string;
  path: string;
  idOf(item: T): number;
  describe(item: T): string;
  deletable(item: T): boolean;
  fields: { name: string; label: string; multiline?: boolean; checkbox?: boolean }[];
  check(values: Record<string, string>): string[];
  body(values: Record<string, string>): unknown;
}) {
  const api = useApi();
  const list = useLatestAnswer<T[]>(props.path, () => api.get<T[]>(props.path), `The ${props.title.toLowerCase()} could not be loaded.`);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = props.check(values);
    if (problems.length) return setErrors(problems);
    try {
      await api.post(props.path, props.body(values));
      setValues({});
      setErrors([]);
      list.retry();
    } catch (error) {
      setErrors(error instanceof ApiError ? error.errors : ['Could not save.']);
    }
  };
  const remove = async (item: T) => {
    try {
      await api.del(`${props.path}/${props.idOf(item)}`);
      list.retry();
    } catch (error) {
      setErrors(error instanceof ApiError ? error.errors : ['Could not delete.']);
    }
  };
  return (
    <section aria-label={props.title}>
      <h2>{props.title}</h2>
      <FormErrors errors={[...list.errors, ...errors]} />
      <ul className="syn-steps">
        {(list.data ?? []).map((item) => (
          <li key={props.idOf(item)} className="syn-step">
            <div className="syn-step__head">
              <span>{props.describe(item)}</span>
              {props.deletable(item) ? (
                <Button size="small" variant="danger" onClick={() => void remove(item)}>
                  Delete
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <form onSubmit={(e) => void submit(e)} className="syn-actions">
        {props.fields.map((field) =>
          field.checkbox ? (
            <Checkbox key={field.name} label={field.label} checked={values[field.name] === 'true'} onChange={(e) => setValues({ ...values, [field.name]: String(e.target.checked) })} />
          ) : field.multiline ? (
            <Textarea key={field.name} label={field.label} rows={3} value={values[field.name] ?? ''} onChange={(e) => setValues({ ...values, [field.name]: e.target.value })} />
          ) : (
            <Input key={field.name} label={field.label} value={values[field.name] ?? ''} onChange={(e) => setValues({ ...values, [field.name]: e.target.value })} />
          ),
        )}
        <Button type="submit">Add</Button>
      </form>
    </section>
  );
}

/** Environments, variables and templates of the project's tests, each a list and an add form. */
export default function TestSettingsPage() {
  const { siteId = '' } = useParams();
  const v = (values: Record<string, string>, key: string) => values[key] ?? '';
  return (
    <div className="syn-page">
      <header className="syn-page__header">
        <h1>Test settings</h1>
        <Link to={testsPath(siteId)}>All tests</Link>
      </header>
      <Section<Environment>
        title="Environments"
        path={`/${siteId}/environments`}
        idOf={(e) => e.environmentId}
        describe={(e) => `${e.name} — ${e.url}${e.default ? ' (default)' : ''}`}
        deletable={() => true}
        fields={[{ name: 'name', label: 'Name' }, { name: 'url', label: 'URL' }, { name: 'default', label: 'Default', checkbox: true }]}
        check={(values) => environmentProblems({ name: v(values, 'name'), url: v(values, 'url') })}
        body={(values) => ({ name: v(values, 'name'), url: v(values, 'url'), default: values.default === 'true' })}
      />
      <Section<Variable>
        title="Variables"
        path={`/${siteId}/variables`}
        idOf={(x) => x.variableId}
        describe={(x) => `\${${x.name}} = ${x.value}`}
        deletable={() => true}
        fields={[{ name: 'name', label: 'Name' }, { name: 'value', label: 'Value' }]}
        check={(values) => variableProblems({ name: v(values, 'name'), value: v(values, 'value') })}
        body={(values) => ({ name: v(values, 'name'), value: v(values, 'value') })}
      />
      <Section<Template>
        title="Templates"
        path={`/${siteId}/templates`}
        idOf={(x) => x.templateId}
        describe={(x) => `${x.name}${x.custom ? '' : ' (built in)'}`}
        deletable={(x) => x.custom}
        fields={[{ name: 'name', label: 'Name' }, { name: 'code', label: 'Code', multiline: true }]}
        check={(values) => templateProblems({ name: v(values, 'name'), code: v(values, 'code') })}
        body={(values) => ({ name: v(values, 'name'), code: v(values, 'code') })}
      />
    </div>
  );
}
