import { Input, Select, Textarea } from '@cassette/plugin-sdk/ui';
import type { Template, Test, TestStep } from '../../shared/model.js';

/** The fields of one step, by its type; `onChange` gets the whole edited step. */
export function StepEditor({ step, onChange, templates, tests }: { step: TestStep; onChange(step: TestStep): void; templates: Template[]; tests: Test[] }) {
  const selectors = 'selectors' in step ? step.selectors.join('\n') : '';
  const setSelectors = (text: string) => onChange({ ...step, selectors: text.split('\n') } as TestStep);
  switch (step.type) {
    case 'navigate':
      return <Input label="Address (relative to the environment, or absolute; ${variables} allowed)" value={step.value} onChange={(e) => onChange({ ...step, value: e.target.value })} />;
    case 'click':
      return <Textarea label="Selectors (one a line; the first that matches is clicked)" value={selectors} rows={2} onChange={(e) => setSelectors(e.target.value)} />;
    case 'input':
      return (
        <>
          <Textarea label="Selectors (one a line)" value={selectors} rows={2} onChange={(e) => setSelectors(e.target.value)} />
          <Input label="Value (${variables} allowed)" value={step.value} onChange={(e) => onChange({ ...step, value: e.target.value })} />
        </>
      );
    case 'custom':
      return (
        <>
          <Select
            label="Template"
            placeholder="No template"
            value={step.template === undefined ? '' : String(step.template)}
            options={templates.map((t) => ({ value: String(t.templateId), label: t.name }))}
            onChange={(e) => {
              const template = templates.find((t) => String(t.templateId) === e.target.value);
              onChange(template ? { ...step, template: template.templateId, code: template.code } : { ...step, template: undefined });
            }}
          />
          <Textarea label="Code (runs in the page under test; throw to fail the step)" value={step.code} rows={4} onChange={(e) => onChange({ ...step, code: e.target.value })} />
        </>
      );
    case 'test':
      return (
        <Select
          label="Test to import"
          value={String(step.testId)}
          options={tests.map((t) => ({ value: String(t.testId), label: t.name }))}
          onChange={(e) => onChange({ ...step, testId: Number(e.target.value), steps: [] })}
        />
      );
  }
}
