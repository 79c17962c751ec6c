// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, HostContext, hostSlots, Slot, UiRegistryContext, type Account, type ApiClient, type HostContextValue } from '@cassette/plugin-sdk/ui';
import { DeleteUserData } from './delete-user-data.js';
import sessionsUi from '../ui.js';
import { fakeAccount, fakeHost } from '../testing/fake-host.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PROJECT_ID = 7;

const account = fakeAccount;

function hostWith(post: ApiClient['post'], who: Account = account()): HostContextValue {
  const api: ApiClient = { request: vi.fn(), get: vi.fn(), post, put: vi.fn(), del: vi.fn() };
  return fakeHost({ api, account: who, projects: [], currentProject: null, hasPermission: () => who.admin || who.superAdmin });
}

let root: Root | null = null;
let container: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
  container = null;
  document.body.innerHTML = '';
});

function mount(host: HostContextValue, element = <DeleteUserData projectId={PROJECT_ID} />) {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() => root!.render(<HostContext.Provider value={host}>{element}</HostContext.Provider>));
  return container;
}

const userIdField = () => document.querySelector<HTMLInputElement>('input[name="gdprUserId"]')!;
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const buttonNamed = (scope: ParentNode, name: string) => [...scope.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;

function typeInto(input: HTMLInputElement, value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function click(button: HTMLElement) {
  await act(async () => {
    button.click();
  });
}

const deleteButton = () => buttonNamed(container!, 'Delete');

describe('Delete a user\'s data', () => {
  it('is offered to admins and super admins, hidden from other members', () => {
    const post = vi.fn();
    expect(mount(hostWith(post)).textContent).toContain("Delete a user's data");
    act(() => root!.unmount());
    expect(mount(hostWith(post, account({ admin: false, superAdmin: true }))).textContent).toContain("Delete a user's data");
    act(() => root!.unmount());
    expect(mount(hostWith(post, account({ admin: false, superAdmin: false, permissions: ['SESSION_REPLAY'] }))).innerHTML).toBe('');
  });

  it('asks for an id before anything else, and calls nothing', async () => {
    const post = vi.fn();
    mount(hostWith(post));
    await click(deleteButton());
    expect(container!.textContent).toContain('Enter the ID of the user whose data must be deleted.');
    expect(userIdField().getAttribute('aria-invalid')).toBe('true');
    typeInto(userIdField(), '   ');
    await click(deleteButton());
    expect(container!.textContent).toContain('Enter the ID of the user whose data must be deleted.');
    expect(dialog()).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('confirms first; cancelling deletes nothing', async () => {
    const post = vi.fn();
    mount(hostWith(post));
    typeInto(userIdField(), 'ada');
    await click(deleteButton());
    expect(dialog()?.textContent).toContain('Delete every recorded session of ada in this project? This cannot be undone.');
    expect(post).not.toHaveBeenCalled();
    await click(buttonNamed(dialog()!, 'Cancel'));
    expect(dialog()).toBeNull();
    expect(post).not.toHaveBeenCalled();
    expect(userIdField().value).toBe('ada');
  });

  it('deletes by user id once confirmed and says how many sessions went', async () => {
    const post = vi.fn(async () => ({ deletedSessions: 3 })) as unknown as ApiClient['post'];
    mount(hostWith(post));
    typeInto(userIdField(), ' ada ');
    await click(deleteButton());
    await click(buttonNamed(dialog()!, 'Delete'));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(`/${PROJECT_ID}/sessions/gdpr/delete-user`, { userId: 'ada' });
    expect(dialog()).toBeNull();
    expect(container!.querySelector('[role="status"]')?.textContent).toBe('Deleted 3 sessions of ada.');
    expect(userIdField().value).toBe('');
  });

  it('deletes by anonymous id when the toggle is on', async () => {
    const post = vi.fn(async () => ({ deletedSessions: 1 })) as unknown as ApiClient['post'];
    mount(hostWith(post));
    await click(container!.querySelector<HTMLInputElement>('input[role="switch"]')!);
    await click(deleteButton());
    expect(container!.textContent).toContain('Enter the anonymous ID of the user whose data must be deleted.');
    typeInto(userIdField(), 'device-7');
    await click(deleteButton());
    await click(buttonNamed(dialog()!, 'Delete'));
    expect(post).toHaveBeenCalledWith(`/${PROJECT_ID}/sessions/gdpr/delete-user`, { userAnonymousId: 'device-7' });
    expect(container!.querySelector('[role="status"]')?.textContent).toBe('Deleted 1 session of device-7.');
  });

  it("shows the server's message when the deletion is refused", async () => {
    const post = vi.fn(async () => {
      throw new ApiError(403, ['You are not allowed to do this.']);
    }) as unknown as ApiClient['post'];
    mount(hostWith(post));
    typeInto(userIdField(), 'ada');
    await click(deleteButton());
    await click(buttonNamed(dialog()!, 'Delete'));
    expect(dialog()).toBeNull();
    expect(container!.querySelector('[role="alert"]')?.textContent).toContain('You are not allowed to do this.');
    expect(container!.querySelector('[role="status"]')).toBeNull();
    expect(userIdField().value).toBe('ada');
  });

  it("fills the host's project privacy slot with the project's id", async () => {
    const post = vi.fn(async () => ({ deletedSessions: 0 })) as unknown as ApiClient['post'];
    mount(
      hostWith(post),
      <UiRegistryContext.Provider value={{ fills: sessionsUi.fills ?? [] }}>
        <Slot slot={hostSlots.projectPrivacy} props={{ projectId: 42 }} />
      </UiRegistryContext.Provider>,
    );
    typeInto(userIdField(), 'ada');
    await click(deleteButton());
    await click(buttonNamed(dialog()!, 'Delete'));
    expect(post).toHaveBeenCalledWith('/42/sessions/gdpr/delete-user', { userId: 'ada' });
    expect(container!.querySelector('[role="status"]')?.textContent).toBe('Deleted 0 sessions of ada.');
  });
});
