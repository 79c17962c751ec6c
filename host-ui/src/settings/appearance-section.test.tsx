// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, presetAppearance, resolveAppearance, type AppearanceWidget } from '@cassette/plugin-sdk/ui';
import { answerRoutes, buttonNamed, byLabel, chooseOption, cleanup, click, fakeAccount, fakeHost, renderPage, settle } from '@cassette/plugin-sdk/testing/ui';
import { APPEARANCE_SAVED, AppearanceSection } from './appearance-section.js';

afterEach(cleanup);

const widgets: AppearanceWidget[] = [
  { key: 'avg_visited_pages', label: 'No. of Visited Pages', group: 'Overview', offIn: ['dev', 'qa', 'agent'] },
  { key: 'avg_image_load_time', label: 'Image Load Time', group: 'Overview', offIn: ['po', 'qa', 'agent'] },
  { key: 'slowest_domains', label: 'Slowest Domains', group: 'Performance', offIn: ['qa', 'agent'] },
];

function setup(stored: Record<string, unknown> = {}) {
  const posted: unknown[] = [];
  const onSaved = vi.fn();
  const host = fakeHost({
    routes: {
      'GET /account/appearance': () => ({ appearance: resolveAppearance(stored, widgets), widgets }),
      'POST /account/appearance': (_path: string, body: unknown) => {
        posted.push(body);
        const appearance = resolveAppearance((body as { appearance: Record<string, unknown> }).appearance, widgets);
        return fakeAccount({ appearance: appearance as unknown as Record<string, unknown> });
      },
    },
  });
  const page = renderPage(<AppearanceSection onSaved={onSaved} />, '/client/account', '/client/:activeTab', { host });
  return { page, host, posted, onSaved };
}

const checkbox = (root: HTMLElement, label: string) => byLabel(root, label) as HTMLInputElement;

describe('the appearance settings', () => {
  it('picks a preset: its flags and widget flags follow, and saving posts them', async () => {
    const { page, host, posted, onSaved } = setup();
    await settle();
    const role = byLabel(page.container, 'Role preset') as HTMLSelectElement;
    expect(role.value).toBe('CUSTOM');
    expect(checkbox(page.container, 'No. of Visited Pages').checked).toBe(true);
    expect((buttonNamed(page.container, 'Save Appearance') as HTMLButtonElement).disabled).toBe(true);

    await chooseOption(role, 'dev');
    expect(checkbox(page.container, 'Live sessions').checked).toBe(false);
    expect(checkbox(page.container, 'Developer tools in sessions').checked).toBe(true);
    expect(checkbox(page.container, 'No. of Visited Pages').checked).toBe(false);
    expect(checkbox(page.container, 'Image Load Time').checked).toBe(true);

    await click(buttonNamed(page.container, 'Save Appearance'));
    await settle();
    expect(posted).toEqual([{ appearance: presetAppearance('dev', widgets) }]);
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(host.toast).toHaveBeenCalledWith(APPEARANCE_SAVED, 'success');
  });

  it('turns to Custom when a flag leaves the preset, and back when it returns', async () => {
    const { page } = setup({ role: 'po' });
    await settle();
    const role = byLabel(page.container, 'Role preset') as HTMLSelectElement;
    expect(role.value).toBe('po');
    expect(checkbox(page.container, 'Image Load Time').checked).toBe(false);
    await click(checkbox(page.container, 'Image Load Time'));
    expect(role.value).toBe('CUSTOM');
    expect(checkbox(page.container, 'Image Load Time').checked).toBe(true);
    await chooseOption(role, 'qa');
    for (const label of ['No. of Visited Pages', 'Image Load Time', 'Slowest Domains', 'Live sessions']) expect(checkbox(page.container, label).checked, label).toBe(false);
  });

  it("shows the server's refusal", async () => {
    const { page, host } = setup();
    answerRoutes(host, {
      'POST /account/appearance': () => {
        throw new ApiError(400, ['Unknown dashboard widget "gone": use the keys GET /account/appearance lists under widgets.']);
      },
    });
    await settle();
    await click(checkbox(page.container, 'Tests'));
    await click(buttonNamed(page.container, 'Save Appearance'));
    await settle();
    expect(page.container.textContent).toContain('Unknown dashboard widget "gone"');
  });
});
