import { Type } from '@sinclair/typebox';
import { badRequest, defineRoute, forbidden, notFound, type Caller, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { SavedSearch, SessionSearchFilter } from '../../shared/search.js';
import { route, type SessionsDeps } from '../deps.js';
import { projectFilterConditions } from '../search/project-filter-conditions.js';
import { savedSearchFilterSchema } from '../search/search-filter.schema.js';
import { listWatchdogs } from '../watchdogs/watchdog-store.js';
import { watchdogsNamedBy } from '../watchdogs/watchdogs-named.js';
import { deleteAuthored, findInProject, insertWithinLimit, listVisible, SAVED_SEARCHES_PER_USER, updateAuthored } from './saved-search-store.js';

export const SAVED_SEARCH_NAME_MAX = 100;
export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found';

const ACCESS = { auth: 'user', project: true, permission: 'SESSION_REPLAY' } as const;
const searchParams = Type.Object({ searchId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
// Longer than allowed, so an over-long name gets the route's own message rather than the schema's.
const nameInput = Type.String({ maxLength: 1000 });

/** Spec part 2 §5 "Saved search: name valid": not blank once trimmed, at most 100 characters, printable. */
function validName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw badRequest('A saved search needs a name.');
  if (name.length > SAVED_SEARCH_NAME_MAX) throw badRequest(`A saved search name has at most ${SAVED_SEARCH_NAME_MAX} characters.`);
  if (/\p{Cc}/u.test(name)) throw badRequest('A saved search name cannot contain control characters (tabs, line breaks, ...).');
  return name;
}

/**
 * A filter the session search could not run is refused now, with the compiler's message, rather
 * than when it is applied. Answers the watchdog rules it names (the saved search's `watchdogs`),
 * each of which must be one of the project's.
 */
async function assertReadable(deps: SessionsDeps, run: SqlRunner, projectId: number, caller: Caller, filter: SessionSearchFilter): Promise<number[]> {
  await projectFilterConditions(deps, projectId, filter, caller);
  const named = watchdogsNamedBy(filter);
  if (named.length === 0) return named;
  const known = new Set((await listWatchdogs(run, projectId)).map((w) => w.watchdogId));
  const unknown = named.find((id) => !known.has(id));
  if (unknown !== undefined) throw badRequest(`The filter names watchdog rule ${unknown}, which this project does not have (it may have been deleted); remove that issue filter and save again.`);
  return named;
}

/**
 * The search, when the caller wrote it. Another member's private search answers like a
 * missing one (its existence is not theirs to learn); a public one they see but may not change.
 */
async function requireAuthored(run: SqlRunner, projectId: number, searchId: number, caller: Caller, action: 'change' | 'delete'): Promise<SavedSearch> {
  const search = await findInProject(run, projectId, searchId);
  if (!search || (search.userId !== caller.userId && !search.isPublic)) throw notFound(SAVED_SEARCH_NOT_FOUND);
  if (search.userId !== caller.userId) throw forbidden(`Only the author of a saved search may ${action} it.`);
  return search;
}

/** Spec part 1 §7 `GET /saved_search`: the caller's saved searches and the project's public ones, newest first. */
export const listSavedSearchesRoute = route({
  method: 'GET',
  url: '/saved_search',
  access: ACCESS,
  summary: "The caller's saved searches and the project's public ones, newest first, with the author's name",
  schema: {},
  handler: async ({ deps, sql: run, projectId, caller }): Promise<SavedSearch[]> => {
    const searches = await listVisible(run, projectId, caller.userId);
    const names = new Map<number, string>([[caller.userId, caller.name]]);
    const others = [...new Set(searches.map((s) => s.userId))].filter((id) => !names.has(id));
    const users = await Promise.all(others.map((id) => deps.users.get(id)));
    for (const user of users) if (user) names.set(user.id, user.name);
    // A removed author's search stays listed, without a name.
    return searches.map((s) => (names.has(s.userId) ? { ...s, ownerName: names.get(s.userId)! } : s));
  },
});

/** Spec part 1 §7 `POST /saved_search`: saves the current search under a name. */
export const createSavedSearchRoute = route({
  method: 'POST',
  url: '/saved_search',
  access: ACCESS,
  summary: `Save a search (name, filter, isPublic); at most ${SAVED_SEARCHES_PER_USER} per member and project`,
  schema: {
    body: Type.Object({ name: nameInput, filter: savedSearchFilterSchema, isPublic: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  },
  handler: async ({ body, deps, sql: run, projectId, caller }): Promise<SavedSearch> => {
    const name = validName(body.name);
    const filter = body.filter as SessionSearchFilter;
    const watchdogs = await assertReadable(deps, run, projectId, caller, filter);
    const created = await insertWithinLimit(run, { projectId, userId: caller.userId, name, filter, isPublic: body.isPublic ?? false, watchdogs });
    if (!created) throw badRequest(`You already keep ${SAVED_SEARCHES_PER_USER} saved searches in this project; delete one before saving another.`);
    return { ...created, ownerName: caller.name };
  },
});

/** Spec part 1 §7 `POST /saved_search/{id}`: renames, replaces the filter or shares a search; author only. */
export const updateSavedSearchRoute = route({
  method: 'POST',
  url: '/saved_search/:searchId',
  access: ACCESS,
  summary: 'Change a saved search (name, filter, isPublic); only its author may',
  schema: {
    params: searchParams,
    body: Type.Object(
      { name: Type.Optional(nameInput), filter: Type.Optional(savedSearchFilterSchema), isPublic: Type.Optional(Type.Boolean()) },
      { additionalProperties: false },
    ),
  },
  handler: async ({ params, body, deps, sql: run, projectId, caller }): Promise<SavedSearch> => {
    await requireAuthored(run, projectId, params.searchId, caller, 'change');
    const name = body.name === undefined ? undefined : validName(body.name);
    const filter = body.filter as SessionSearchFilter | undefined;
    const watchdogs = filter ? await assertReadable(deps, run, projectId, caller, filter) : undefined;
    const updated = await updateAuthored(run, projectId, params.searchId, caller.userId, { name, filter, isPublic: body.isPublic, watchdogs });
    // Deleted by its author in the meantime.
    if (!updated) throw notFound(SAVED_SEARCH_NOT_FOUND);
    return { ...updated, ownerName: caller.name };
  },
});

/** Spec part 1 §7 `DELETE /saved_search/{id}`: author only. */
export const deleteSavedSearchRoute = defineRoute({
  method: 'DELETE',
  url: '/saved_search/:searchId',
  access: ACCESS,
  summary: 'Delete a saved search; only its author may',
  schema: { params: searchParams, response: Type.Object({ deleted: Type.Literal(true) }) },
  handler: async ({ params, sql: run, projectId, caller }): Promise<{ deleted: true }> => {
    await requireAuthored(run, projectId, params.searchId, caller, 'delete');
    if (!(await deleteAuthored(run, projectId, params.searchId, caller.userId))) throw notFound(SAVED_SEARCH_NOT_FOUND);
    return { deleted: true };
  },
});
