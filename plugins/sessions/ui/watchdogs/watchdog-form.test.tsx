// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, chooseOption, cleanup, click, fakeHost, renderPage, settle, typeInto } from '@cassette/plugin-sdk/testing/ui';
import { WatchdogForm } from './watchdog-form.js';

afterEach(cleanup);

const field = (name: string) => document.querySelector<HTMLInputElement & HTMLSelectElement>(`[name="${name}"]`)!;

describe('WatchdogForm', () => {
  it("shows the spec's rules (name and rule non-empty) before sending anything", async () => {
    const host = fakeHost({ routes: {} });
    const { container } = renderPage(<WatchdogForm projectId={7} onSaved={() => {}} />, '/', '*', { host });
    await click(buttonNamed(container, 'Add'));
    expect(container.textContent).toContain('Give the rule a name.');
    expect(container.textContent).toContain('Choose what the rule watches.');
    expect(host.api.post).not.toHaveBeenCalled();
  });

  it('asks for the value the chosen rule needs, then saves the rule', async () => {
    const onSaved = vi.fn();
    const host = fakeHost({ routes: { 'POST /7/watchdogs': (_path, body) => ({ watchdogId: 3, ...(body as object) }) } });
    const { container } = renderPage(<WatchdogForm projectId={7} onSaved={onSaved} />, '/', '*', { host });
    typeInto(field('watchdogName'), 'Slow pages');
    await chooseOption(field('ruleId'), 'page_load_time');
    await click(buttonNamed(container, 'Add'));
    expect(container.textContent).toContain('Enter a threshold greater than 0 and at most 600000 (milliseconds).');
    typeInto(field('ruleValue'), '2500');
    await click(buttonNamed(container, 'Add'));
    await settle();
    expect(host.api.post).toHaveBeenCalledWith('/7/watchdogs', {
      name: 'Slow pages',
      ruleId: 'page_load_time',
      ruleConfig: { value: 2500 },
      icon: 'bell',
      enabled: true,
      visible: true,
      payload: { captureAll: true, rate: 100 },
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ watchdogId: 3, name: 'Slow pages' }));
  });
});
