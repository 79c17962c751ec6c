// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectSummary } from '@cassette/plugin-sdk/ui';
import { UNRECORDED_PROJECT_CHECK_MS, useUnrecordedProjectCheck } from './use-unrecorded-project-check.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const UNRECORDED: ProjectSummary = { id: 7, name: 'Shop', host: 'shop.test', projectKey: 'k', status: 'red', recorded: false };
const RECORDED: ProjectSummary = { ...UNRECORDED, status: 'green', recorded: true };

describe('the unrecorded-project check', () => {
  let root: Root;
  const reloadProjects = vi.fn(() => Promise.resolve());
  function Probe({ project, path }: { project: ProjectSummary | null; path: string }) {
    useUnrecordedProjectCheck(project, path, reloadProjects);
    return null;
  }
  const show = (project: ProjectSummary | null, path: string) => act(() => root.render(<Probe project={project} path={path} />));

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    reloadProjects.mockClear();
    root = createRoot(document.createElement('div'));
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.useRealTimers();
  });

  it('reloads the projects every 30 s on the sessions and errors pages until the project records', () => {
    show(UNRECORDED, '/7/errors');
    act(() => vi.advanceTimersByTime(UNRECORDED_PROJECT_CHECK_MS));
    expect(reloadProjects).toHaveBeenCalledTimes(1);
    show(UNRECORDED, '/7/sessions');
    act(() => vi.advanceTimersByTime(UNRECORDED_PROJECT_CHECK_MS));
    expect(reloadProjects).toHaveBeenCalledTimes(2);
    show(RECORDED, '/7/sessions');
    act(() => vi.advanceTimersByTime(UNRECORDED_PROJECT_CHECK_MS * 3));
    expect(reloadProjects).toHaveBeenCalledTimes(2);
  });

  it('does not check on other pages, nor without a project', () => {
    for (const [project, path] of [[UNRECORDED, '/7/session/abc'], [UNRECORDED, '/7/errors/e1'], [UNRECORDED, '/client/account'], [null, '/7/sessions']] as const) {
      show(project, path);
      act(() => vi.advanceTimersByTime(UNRECORDED_PROJECT_CHECK_MS * 2));
    }
    expect(reloadProjects).not.toHaveBeenCalled();
  });
});
