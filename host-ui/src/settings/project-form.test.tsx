// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { buttonNamed, byLabel, cleanup, click, fakeHost, renderPage, settle, typeInto } from '@cassette/plugin-sdk/testing/ui';
import { ApiError } from '@cassette/plugin-sdk/ui';
import type { Project } from '../session/types.js';
import { ProjectForm, ProjectFormPanel } from './project-form.js';

afterEach(cleanup);

const SHOP: Project = { id: 7, name: 'Shop', host: '', projectKey: 'key-7', status: 'green', recorded: true, saveRequestPayloads: false };

function mount(project?: Project) {
  const saved: Project[] = [];
  const host = fakeHost({
    projects: [SHOP],
    routes: {
      'POST /projects': (_path, body) => ({ ...SHOP, id: 8, ...(body as object) }),
      'PUT /projects/7': (_path, body) => ({ ...SHOP, ...(body as object) }),
    },
  });
  const page = renderPage(<ProjectForm project={project} onSaved={(p) => saved.push(p)} />, '/', '*', { host });
  const field = (name: string) => page.container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const errorText = () => page.container.querySelector('.cs-field__error')?.textContent ?? null;
  return { host, page, field, errorText, saved };
}

describe('project form (Preferences › Projects, Add Project)', () => {
  it('does not add a project without a host, and says what to enter', async () => {
    const { host, page, field, errorText } = mount();
    typeInto(field('name'), 'Blog');
    await click(buttonNamed(page.container, 'Add'));
    expect(errorText()).toBe('Enter the site’s host, such as shop.example.com.');
    typeInto(field('host'), '*.blog.example');
    expect(errorText(), 'editing the field clears its error').toBeNull();
    await click(buttonNamed(page.container, 'Add'));
    expect(errorText()).toBe('Enter the host without a wildcard: pages on its subdomains count too.');
    expect(host.api.post).not.toHaveBeenCalled();
  });

  it('sends the host of a pasted address', async () => {
    const { host, page, field, saved } = mount();
    typeInto(field('name'), 'Blog');
    typeInto(field('host'), 'https://Blog.Example.com/posts/1');
    await click(buttonNamed(page.container, 'Add'));
    await settle();
    expect(host.api.post).toHaveBeenCalledWith('/projects', { name: 'Blog', host: 'blog.example.com' });
    expect(saved.map((p) => p.host)).toEqual(['blog.example.com']);
  });

  it('asks for the host when an older project without one is edited', async () => {
    const { host, page, field, errorText } = mount(SHOP);
    await click(buttonNamed(page.container, 'Update'));
    expect(errorText()).toBe('Enter the site’s host, such as shop.example.com.');
    expect(host.api.put).not.toHaveBeenCalled();
    typeInto(field('host'), 'shop.example.com');
    await click(buttonNamed(page.container, 'Update'));
    await settle();
    expect(host.api.put).toHaveBeenCalledWith('/projects/7', { name: 'Shop', host: 'shop.example.com', saveRequestPayloads: false, stackIntegrations: false, tags: [] });
  });

  it('edits the stack integrations flag and the tags, keeping the ids of tags it had', async () => {
    const { host, page } = mount({ ...SHOP, host: 'shop.example.com', tags: [{ id: 3, name: 'checkout', color: '#ff0000', description: '', iconUrl: '' }] });
    await click(byLabel(page.container, 'Stack integrations'));
    await click(buttonNamed(page.container, 'Add tag'));
    typeInto(byLabel<HTMLInputElement>(page.container, 'Tag 2 name'), 'beta');
    typeInto(byLabel<HTMLInputElement>(page.container, 'Tag 1 name'), 'checkout v2');
    await click(buttonNamed(page.container, 'Update'));
    await settle();
    expect(host.api.put).toHaveBeenCalledWith('/projects/7', {
      name: 'Shop',
      host: 'shop.example.com',
      saveRequestPayloads: false,
      stackIntegrations: true,
      tags: [
        { id: 3, name: 'checkout v2', color: '#ff0000', description: '', iconUrl: '' },
        { name: 'beta', color: '#394eff', description: '', iconUrl: '' },
      ],
    });
  });

  it("shows the server's refusal of a tag and keeps what was typed", async () => {
    const { host, page } = mount({ ...SHOP, host: 'shop.example.com' });
    host.api.put.mockRejectedValueOnce(new ApiError(400, ['Tag 1: the icon URL is not an http(s) address; leave it empty or give an http(s) address.']));
    await click(buttonNamed(page.container, 'Add tag'));
    typeInto(byLabel<HTMLInputElement>(page.container, 'Tag 1 name'), 'beta');
    await click(buttonNamed(page.container, 'Update'));
    await settle();
    expect(page.container.textContent).toContain('Tag 1: the icon URL is not an http(s) address');
    expect(byLabel<HTMLInputElement>(page.container, 'Tag 1 name')!.value).toBe('beta');
  });

  it('shows a new project\'s key and the tracker snippet right after it is created, until Done', async () => {
    const host = fakeHost({ projects: [SHOP], routes: { 'POST /projects': (_path, body) => ({ ...SHOP, id: 8, projectKey: 'key-8', ...(body as object) }) } });
    const saved: Project[] = [];
    let closed = 0;
    const page = renderPage(<ProjectFormPanel onClose={() => closed++} onSaved={(p) => saved.push(p)} />, '/', '*', { host });
    typeInto(document.querySelector<HTMLInputElement>('input[name="name"]')!, 'Blog');
    typeInto(document.querySelector<HTMLInputElement>('input[name="host"]')!, 'blog.example.com');
    await click(buttonNamed(document.body, 'Add'));
    await settle();
    expect(saved.map((p) => p.id)).toEqual([8]);
    const install = document.querySelector('[data-testid="new-project-install"]')!;
    expect(install.querySelector('[data-field="project-key"]')?.textContent).toBe('key-8');
    expect(document.body.textContent).toContain('Record Blog');
    expect(closed).toBe(0);
    await click(buttonNamed(install as HTMLElement, 'Done'));
    expect(closed).toBe(1);
    page.unmount();
  });
});
