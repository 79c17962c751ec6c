// A test as code for another runner (spec part 1 §3 test frameworks): Playwright, Cypress or
// Selenium WebDriver (JavaScript). Imported tests are inlined; disabled steps are left out
// as comments, so the exported file does what a run does.
import type { ExportFramework, TestStep } from './model.js';

const q = (text: string) => JSON.stringify(text);

function flatten(steps: TestStep[]): TestStep[] {
  return steps.flatMap((step) => (step.type === 'test' ? flatten(step.steps ?? []) : [step]));
}

function resolveUrl(value: string, baseUrl: string | undefined): string {
  if (!baseUrl) return value;
  try {
    return new URL(value, baseUrl).toString();
  } catch {
    return value;
  }
}

function line(step: TestStep, framework: ExportFramework, baseUrl: string | undefined): string[] {
  if (step.type === 'test') return [];
  const selector = 'selectors' in step ? (step.selectors.find((s) => s.trim()) ?? '') : '';
  switch (framework) {
    case 'playwright':
      if (step.type === 'navigate') return [`await page.goto(${q(resolveUrl(step.value, baseUrl))});`];
      if (step.type === 'click') return [`await page.locator(${q(selector)}).first().click();`];
      if (step.type === 'input') return [`await page.locator(${q(selector)}).first().fill(${q(step.value)});`];
      return [`await page.evaluate(async () => {`, ...indent(step.code.split('\n')), `});`];
    case 'cypress':
      if (step.type === 'navigate') return [`cy.visit(${q(resolveUrl(step.value, baseUrl))});`];
      if (step.type === 'click') return [`cy.get(${q(selector)}).first().click();`];
      if (step.type === 'input') return [`cy.get(${q(selector)}).first().clear().type(${q(step.value)});`];
      return [`cy.window().then(async (window) => {`, ...indent(step.code.split('\n')), `});`];
    case 'selenium':
      if (step.type === 'navigate') return [`await driver.get(${q(resolveUrl(step.value, baseUrl))});`];
      if (step.type === 'click') return [`await driver.findElement(By.css(${q(selector)})).click();`];
      if (step.type === 'input') return [`{`, `  const field = await driver.findElement(By.css(${q(selector)}));`, `  await field.clear();`, `  await field.sendKeys(${q(step.value)});`, `}`];
      return [`await driver.executeAsyncScript(async (done) => {`, ...indent(step.code.split('\n')), `  done();`, `});`];
  }
}

const indent = (lines: string[], by = '  ') => lines.map((l) => (l ? by + l : l));

function body(steps: TestStep[], framework: ExportFramework, baseUrl: string | undefined): string[] {
  return flatten(steps).flatMap((step) => {
    const title = `// ${step.name || step.type}`;
    if (step.isDisabled) return [`${title} (disabled)`];
    return [title, ...line(step, framework, baseUrl)];
  });
}

/** The test as a file for `framework`; `baseUrl` (an environment's URL) resolves relative addresses. */
export function exportTest(test: { name: string; steps: TestStep[] }, framework: ExportFramework, baseUrl?: string): string {
  const steps = body(test.steps, framework, baseUrl);
  switch (framework) {
    case 'playwright':
      return [`import { test } from '@playwright/test';`, '', `test(${q(test.name)}, async ({ page }) => {`, ...indent(steps), `});`, ''].join('\n');
    case 'cypress':
      return [`describe(${q(test.name)}, () => {`, `  it('passes', () => {`, ...indent(steps, '    '), `  });`, `});`, ''].join('\n');
    case 'selenium':
      return [
        `const { Builder, By } = require('selenium-webdriver');`,
        '',
        `// ${test.name}`,
        `(async () => {`,
        `  const driver = await new Builder().forBrowser('chrome').build();`,
        `  try {`,
        ...indent(steps, '    '),
        `  } finally {`,
        `    await driver.quit();`,
        `  }`,
        `})();`,
        '',
      ].join('\n');
  }
}

export function exportFileName(name: string, framework: ExportFramework): string {
  const base = name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'test';
  return framework === 'playwright' ? `${base}.spec.ts` : framework === 'cypress' ? `${base}.cy.js` : `${base}.js`;
}
