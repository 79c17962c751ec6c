// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, HostContext, type Account, type ApiClient, type HostContextValue } from '@cassette/plugin-sdk/ui';
import { maskApiKey, OrganizationApiKey, REGENERATE_WARNING } from './organization-api-key.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const KEY = 'cak_Q2Fzc2V0dGUtdGVzdC1rZXktb25lLTAxMjM0NTY3ODlh';
const NEW_KEY = 'cak_bmV3LWtleS1mb3ItdGhlLXBpcGVsaW5lcy0wMTIzNDU2';
const client = (apiKey?: string) => ({ tenantId: 1, name: 'Shop Inc', tenantKey: 't-1', edition: 'self-hosted', ...(apiKey ? { apiKey } : {}) });

function account(overrides: Partial<Account> = {}): Account {
  return {
    id: 1,
    email: 'olivia@shop.test',
    name: 'Olivia',
    admin: true,
    superAdmin: false,
    changePassword: false,
    roleId: null,
    permissions: [],
    appearance: {},
    limits: { teamMember: { limit: 10, remaining: 9 }, sites: { limit: 10, remaining: 9 }, projects: { remaining: 9 } },
    ...overrides,
  };
}

interface Fakes {
  get: ReturnType<typeof vi.fn>;
  post: ReturnType<typeof vi.fn>;
  toast: ReturnType<typeof vi.fn>;
}

function hostFor(who: Account, fakes: Fakes): HostContextValue {
  const api = { request: vi.fn(), get: fakes.get, post: fakes.post, put: vi.fn(), del: vi.fn() } as unknown as ApiClient;
  return {
    api,
    account: who,
    client: client(),
    projects: [],
    currentProject: null,
    selectProject: () => {},
    reloadProjects: async () => {},
    hasPermission: () => who.admin,
    toast: fakes.toast as HostContextValue['toast'],
    enabledPlugins: [],
    timezone: 'UTC',
    setTimezone: () => {},
    logout: async () => {},
  };
}

const fakes = (): Fakes => ({ get: vi.fn(async () => client(KEY)), post: vi.fn(async () => client(NEW_KEY)), toast: vi.fn() });

let root: Root | null = null;
let container: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
  container = null;
  document.body.innerHTML = '';
});

async function mount(host: HostContextValue) {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root!.render(<HostContext.Provider value={host}><OrganizationApiKey /></HostContext.Provider>));
  return container;
}

const shownKey = () => document.querySelector('[data-testid="organization-api-key"]')?.textContent;
const buttonNamed = (scope: ParentNode, name: string) => [...scope.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
async function click(button: HTMLElement | undefined) {
  if (!button) throw new Error('no such button');
  await act(async () => button.click());
}

describe('Organization API Key (Preferences › Account)', () => {
  it('is shown to admins and super admins, masked until asked, and to nobody else', async () => {
    const api = fakes();
    const view = await mount(hostFor(account(), api));
    expect(view.textContent).toContain('Organization API Key');
    expect(api.get).toHaveBeenCalledWith('/client');
    expect(shownKey()).toBe(maskApiKey(KEY));
    expect(shownKey()).not.toContain(KEY.slice(4, -4));

    await click(buttonNamed(view, 'Show'));
    expect(shownKey()).toBe(KEY);
    expect(buttonNamed(view, 'Hide')?.getAttribute('aria-pressed')).toBe('true');
    await click(buttonNamed(view, 'Hide'));
    expect(shownKey()).toBe(maskApiKey(KEY));

    act(() => root!.unmount());
    expect((await mount(hostFor(account({ admin: false, superAdmin: true }), fakes()))).textContent).toContain('Organization API Key');

    act(() => root!.unmount());
    const memberApi = fakes();
    expect((await mount(hostFor(account({ admin: false, superAdmin: false, permissions: ['ERRORS'] }), memberApi))).innerHTML).toBe('');
    expect(memberApi.get).not.toHaveBeenCalled();
  });

  it('copies the whole key, even while it is masked', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    const view = await mount(hostFor(account(), fakes()));
    await click(buttonNamed(view, 'copy'));
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect(buttonNamed(view, 'copied')).toBeDefined();
    // Settings is part 2's area: its copy confirmation lasts 500 ms.
    expect(buttonNamed(view, 'copied')?.getAttribute('data-feedback-ms')).toBe('500');
  });

  it('generates a new key only after a confirmation that warns about pipelines', async () => {
    const api = fakes();
    const view = await mount(hostFor(account(), api));
    await click(buttonNamed(view, 'Generate new key'));
    expect(dialog()?.textContent).toContain(REGENERATE_WARNING);
    expect(REGENERATE_WARNING).toMatch(/pipelines that use it will fail/);

    await click(buttonNamed(dialog()!, 'Cancel'));
    expect(dialog()).toBeNull();
    expect(api.post).not.toHaveBeenCalled();
    expect(shownKey()).toBe(maskApiKey(KEY));

    await click(buttonNamed(view, 'Generate new key'));
    await click(buttonNamed(dialog()!, 'Generate new key'));
    expect(api.post).toHaveBeenCalledWith('/client/api-key');
    expect(dialog()).toBeNull();
    expect(shownKey()).toBe(NEW_KEY);
    expect(api.toast).toHaveBeenCalledWith(expect.stringContaining('New API key generated'), 'success');
  });

  it('keeps the old key on screen and says why when generating fails', async () => {
    const api = fakes();
    api.post.mockRejectedValueOnce(new ApiError(403, ['Only an admin can do this. Please check with your admin.']));
    const view = await mount(hostFor(account(), api));
    await click(buttonNamed(view, 'Generate new key'));
    await click(buttonNamed(dialog()!, 'Generate new key'));
    expect(view.textContent).toContain('Only an admin can do this.');
    expect(shownKey()).toBe(maskApiKey(KEY));
  });

  it('offers a new key when the current one cannot be shown', async () => {
    const api = fakes();
    api.get.mockResolvedValueOnce(client());
    const view = await mount(hostFor(account(), api));
    expect(shownKey()).toBeUndefined();
    expect(view.textContent).toContain('The current key cannot be shown');
    expect(buttonNamed(view, 'Generate new key')).toBeDefined();
  });
});
