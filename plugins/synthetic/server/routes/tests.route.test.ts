import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Test } from '../../shared/model.js';
import { createSyntheticTestKernel, type SyntheticTestKernel } from '../../testing/synthetic-test-kernel.js';

describe('test routes', () => {
  let t: SyntheticTestKernel;
  let projectId: number;
  let token: string;
  beforeAll(async () => {
    t = await createSyntheticTestKernel();
    const tenant = await t.createTenant();
    projectId = tenant.projectId;
    token = tenant.owner.token;
  }, 120_000);
  afterAll(async () => t?.close());

  const call = (method: string, path: string, body?: unknown) => t.request(method, `/api/${projectId}${path}`, { token, ...(body === undefined ? {} : { body }) });
  const navigate = (key: string, value = '/') => ({ key, type: 'navigate', value });
  const create = async (body: unknown): Promise<Test> => {
    const res = await call('POST', '/tests', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Test;
  };

  it('saves a test with the spec defaults: Unnamed Test, framework selenium, tags lowercased', async () => {
    const test = await create({ steps: [navigate('a')], tags: ['Checkout', '#Smoke', 'checkout'] });
    expect(test).toMatchObject({ name: 'Unnamed Test', framework: 'selenium', generated: false, tags: ['checkout', 'smoke'], runHistory: [], seqId: 1 });
    expect(test).not.toHaveProperty('uptime');
  });

  it('keeps every kind of step, disabled flags included', async () => {
    const steps = [
      navigate('1', '/demo/'),
      { key: '2', type: 'click', selectors: ['#add', 'text=Add to cart'], name: 'Add' },
      { key: '3', type: 'input', selectors: ['#email'], value: '${email}', isDisabled: true },
      { key: '4', type: 'custom', code: 'window.scrollTo(0, 0);', framework: 'any', template: -4 },
    ];
    const test = await create({ name: 'Checkout: guest-flow', steps, framework: 'cypress' });
    expect(test.name).toBe('Checkout: guest-flow');
    expect(test.steps).toEqual(steps);
    const read = await call('GET', `/tests/${test.testId}`);
    expect(read.body.data.steps).toEqual(steps);
  });

  it('refuses a test without steps, and a name with other characters than letters, digits, spaces, colons and hyphens', async () => {
    const empty = await call('POST', '/tests', { name: 'Empty', steps: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toContain('Add at least one step to the test.');
    for (const name of ['Check<out>', 'a/b', '   ']) {
      const res = await call('POST', '/tests', { name, steps: [navigate('a')] });
      expect(res.status, name).toBe(400);
    }
    expect((await call('POST', '/tests', { name: 'Ünïcode: naïve-test_1', steps: [navigate('a')] })).status).toBe(200);
  });

  it('refuses click and input steps without a selector, a blank navigate and a custom step without code', async () => {
    const cases = [
      [{ key: 'x', type: 'click', selectors: [] }, 'Step 1: A click step needs at least one selector.'],
      [{ key: 'x', type: 'click', selectors: ['  '] }, 'Step 1: A click step needs at least one selector.'],
      [{ key: 'x', type: 'input', selectors: [], value: 'a' }, 'Step 1: An input step needs at least one selector.'],
      [{ key: 'x', type: 'navigate', value: '  ' }, 'Step 1: A navigate step needs the address to open.'],
      [{ key: 'x', type: 'custom', code: ' \n ' }, 'Step 1: A custom step needs code.'],
    ] as const;
    for (const [step, message] of cases) {
      const res = await call('POST', '/tests', { name: 'Bad step', steps: [step] });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([message]);
    }
  });

  it('refuses two steps with one key and tags that are not letters and digits', async () => {
    expect((await call('POST', '/tests', { steps: [navigate('a'), navigate('a')] })).status).toBe(400);
    const tag = await call('POST', '/tests', { steps: [navigate('a')], tags: ['two words'] });
    expect(tag.status).toBe(400);
    expect(tag.body.errors[0]).toContain('letters and digits');
  });

  it('updates a test: the whole list saved, seqId and editedAt move on', async () => {
    const test = await create({ name: 'Editable', steps: [navigate('a')] });
    const res = await call('PUT', `/tests/${test.testId}`, { name: 'Edited', steps: [navigate('a'), { key: 'b', type: 'click', selectors: ['#b'] }], tags: ['x1'] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Edited', seqId: 2, tags: ['x1'] });
    expect(res.body.data.steps).toHaveLength(2);
    expect((await call('PUT', '/tests/999999', { steps: [navigate('a')] })).status).toBe(404);
  });

  it('imports another test: its steps are shown marked imported; itself or a missing test cannot be imported', async () => {
    const login = await create({ name: 'Log in', steps: [navigate('l1', '/login'), { key: 'l2', type: 'click', selectors: ['#go'] }] });
    const outer = await create({ name: 'Buy', steps: [{ key: 'i', type: 'test', testId: login.testId }, navigate('b', '/buy')] });
    expect(outer.steps[0]).toMatchObject({ type: 'test', testId: login.testId, name: 'Log in' });
    expect((outer.steps[0] as { steps: unknown[] }).steps).toEqual([
      { key: 'l1', type: 'navigate', value: '/login', imported: true },
      { key: 'l2', type: 'click', selectors: ['#go'], imported: true },
    ]);
    const self = await call('PUT', `/tests/${login.testId}`, { name: 'Log in', steps: [{ key: 's', type: 'test', testId: outer.testId }] });
    expect(self.status).toBe(400);
    expect(self.body.errors[0]).toContain('cannot import itself');
    expect((await call('POST', '/tests', { steps: [{ key: 'm', type: 'test', testId: 987654 }] })).status).toBe(400);
    const deleting = await call('DELETE', `/tests/${login.testId}`);
    expect(deleting.status).toBe(409);
    expect(deleting.body.errors[0]).toContain('"Buy" imports this test');
  });

  it('exports a test as Playwright, Cypress and Selenium code, disabled steps left as comments', async () => {
    const test = await create({
      name: 'Export me',
      steps: [navigate('a', '/demo/'), { key: 'b', type: 'click', selectors: ['#buy'] }, { key: 'c', type: 'input', selectors: ['#q'], value: 'beans', isDisabled: true }],
    });
    const env = await call('POST', '/environments', { name: 'Prod', url: 'https://shop.example.com' });
    const playwright = await call('GET', `/tests/${test.testId}/export?framework=playwright&environmentId=${env.body.data.environmentId}`);
    expect(playwright.body.data.fileName).toBe('export-me.spec.ts');
    expect(playwright.body.data.code).toContain(`await page.goto("https://shop.example.com/demo/");`);
    expect(playwright.body.data.code).toContain(`await page.locator("#buy").first().click();`);
    expect(playwright.body.data.code).toContain('// input (disabled)');
    const cypress = await call('GET', `/tests/${test.testId}/export?framework=cypress`);
    expect(cypress.body.data.code).toContain(`cy.visit("/demo/");`);
    expect(cypress.body.data.code).toContain(`cy.get("#buy").first().click();`);
    const selenium = await call('GET', `/tests/${test.testId}/export?framework=selenium`);
    expect(selenium.body.data.code).toContain(`await driver.findElement(By.css("#buy")).click();`);
    expect((await call('GET', `/tests/${test.testId}/export?framework=junit`)).status).toBe(400);
  });

  it('lists tests and deletes one', async () => {
    const test = await create({ name: 'Doomed', steps: [navigate('a')] });
    const list = await call('GET', '/tests');
    expect(list.body.data.map((x: Test) => x.testId)).toContain(test.testId);
    expect((await call('DELETE', `/tests/${test.testId}`)).status).toBe(200);
    expect((await call('GET', `/tests/${test.testId}`)).status).toBe(404);
  });

  it('refuses to start a run that cannot run, saying what to do', async () => {
    const relative = await create({ name: 'Relative', steps: [navigate('a', '/x')] });
    const other = await t.createTenant();
    const noEnv = await t.request('POST', `/api/${other.projectId}/tests`, { token: other.owner.token, body: { steps: [navigate('a', '/x')] } });
    const res = await t.request('POST', `/api/${other.projectId}/tests/${noEnv.body.data.testId}/runs`, { token: other.owner.token, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toContain('add an environment');
    const clicking = await create({ name: 'Click first', steps: [{ key: 'a', type: 'click', selectors: ['#a'] }] });
    expect((await call('POST', `/tests/${clicking.testId}/runs`, {})).body.errors[0]).toContain('make the first enabled step a navigate step');
    const variable = await create({ name: 'Variable', steps: [navigate('a', 'https://shop.example.com/?q=${missing_one}')] });
    expect((await call('POST', `/tests/${variable.testId}/runs`, {})).body.errors[0]).toContain('${missing_one}');
    expect((await call('POST', `/tests/${relative.testId}/runs`, { environmentId: 999999 })).status).toBe(400);
    const disabled = await create({ name: 'Disabled', steps: [{ ...navigate('a', 'https://shop.example.com/'), isDisabled: true }] });
    expect((await call('POST', `/tests/${disabled.testId}/runs`, {})).body.errors[0]).toContain('Every step of this test is disabled');
  });

  it('generates a test from a session: flagged generated, linked to the session, masked values as variables', async () => {
    const res = await call('POST', '/sessions2/abc-123/gentest', {
      events: [
        { type: 'LOCATION', url: 'https://shop.example.com/demo/checkout', key: '1:0', time: 0 },
        { type: 'INPUT', target: { path: '#card', label: 'Card number' }, value: '**** 4242' },
        { type: 'CLICK', target: { path: '#place-order', label: 'Place order' }, targetContent: 'Place order', count: 1 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Session abc-123', generated: true, sessionId: 'abc-123', framework: 'any', tags: ['generated'], variables: [{ name: 'card_number', label: 'Card number' }] });
    expect(res.body.data.steps.map((s: { type: string }) => s.type)).toEqual(['navigate', 'input', 'click']);
    const variables = (await call('GET', '/variables')).body.data as { name: string; value: string }[];
    expect(variables.find((v) => v.name === 'card_number')?.value).toBe('change-me');
    const none = await call('POST', '/sessions2/abc-124/gentest', { events: [{ type: 'CLICK', target: { path: '#x' } }] });
    expect(none.status).toBe(400);
    expect(none.body.errors[0]).toContain('no page visit');
  });
});
