/**
 * On listing projects (spec part 1 §4): keep the current id when it is listed; otherwise use
 * the stored one if it is listed, else the first project.
 */
export function pickProjectId(projects: readonly { id: number }[], storedId: number | null, currentId: number | null): number | null {
  const listed = (id: number | null): id is number => id !== null && projects.some((p) => p.id === id);
  if (listed(currentId)) return currentId;
  if (listed(storedId)) return storedId;
  return projects[0]?.id ?? null;
}

/** Details routes fall back to their list when the project changes. */
const KIND_ALIASES: Readonly<Record<string, string>> = { session: 'sessions', funnels: 'sessions' };

/** Parts of the session list's query that belong to the project left behind: the page and its saved search. */
const PROJECT_BOUND_PARAMS = ['page', 'savedSearch'];

/**
 * The project switcher goes to the same kind of page for the new project: /3/errors/abc →
 * /7/errors; pages outside a project (settings) stay where they are. The search is cleared,
 * except that the session list keeps its filter (spec part 1 §4), less the page and saved search.
 */
export function pathForProject(path: string, siteId: number, search = ''): string {
  const match = /^\/\d+(?:\/([^/?#]+))?/.exec(path);
  if (!match) return path;
  const kind = match[1];
  if (!kind) return `/${siteId}/sessions`;
  if (kind === 'sessions') {
    const kept = new URLSearchParams(search);
    PROJECT_BOUND_PARAMS.forEach((name) => kept.delete(name));
    const query = kept.toString();
    return `/${siteId}/sessions${query ? `?${query}` : ''}`;
  }
  return `/${siteId}/${KIND_ALIASES[kind] ?? kind}`;
}

export function parseStoredId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  return Number(value);
}
