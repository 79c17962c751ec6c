import { expect, type Page } from '@playwright/test';

/** The session list's filter bar, driven as a user does: pick a key, type values, read the list. */

/** Adds a step or a filter through its picker, typing part of the key's name first. */
export async function pick(page: Page, button: 'add-step' | 'add-filter', label: string) {
  await page.getByTestId(button).click();
  await page.getByRole('combobox', { name: button === 'add-step' ? 'Search events' : 'Search filters' }).fill(label.slice(0, 5));
  await page.getByRole('option', { name: label, exact: true }).click();
}

export async function addValue(page: Page, label: string, value: string) {
  const input = page.getByRole('combobox', { name: `${label} value` });
  await input.fill(value);
  await input.press('Enter');
  await expect(page.getByTestId('filter-value-chip').filter({ hasText: value })).toBeVisible();
  await input.press('Escape');
}

/** The ids of the sessions listed, sorted, once the list has loaded. */
export async function listed(page: Page): Promise<string[]> {
  await expect(page.getByRole('status', { name: 'Loading sessions' })).toHaveCount(0);
  return page.getByTestId('session-item').evaluateAll((items) => items.map((i) => i.getAttribute('data-session-id')!).sort());
}
