import { Type } from '@sinclair/typebox';
import { badRequest, defineRoute, type ProjectsService } from '@cassette/plugin-sdk/server';
import type { FilterSuggestion, SessionFilterValues } from '../../shared/search.js';
import {
  DEFAULT_SUGGESTIONS,
  eventBranch,
  FILTER_VALUES_PER_KEY,
  frequentValues,
  mayRead,
  MAX_QUERY_LENGTH,
  MAX_SUGGESTIONS,
  sessionBranch,
  sessionColumn,
  sessionMetadata,
  suggestionScope,
  topSuggestions,
  type SessionAttribute,
} from './suggestion-sql.js';
import {
  entryOf,
  EVENT_SEARCH_SOURCES,
  EVENT_VALUE_SOURCES,
  FILTER_VALUE_KEYS,
  METADATA_KEY,
  MIXED_EVENT_KEYS,
  SELECTOR_SOURCES,
  type EventColumnSource,
} from './suggestion-sources.js';
import { SESSION_KEY_COLUMNS } from '../search/session-key-columns.js';
import { route } from '../deps.js';

const ACCESS = { auth: 'user', project: true, permission: 'SESSION_REPLAY' } as const;

const suggestionQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: MAX_QUERY_LENGTH, description: 'What the user typed; values starting with it come first, then values containing it' })),
  type: Type.Optional(Type.String({ maxLength: 100, description: 'The filter key (CLICK, USEROS, METADATA, a metadata key, ...)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SUGGESTIONS, default: DEFAULT_SUGGESTIONS })),
});
const withSource = Type.Object({
  ...suggestionQuery.properties,
  source: Type.Optional(Type.String({ maxLength: 100, description: 'With type METADATA: the metadata key' })),
});

const suggestionList = Type.Array(Type.Object({ type: Type.String(), value: Type.String(), count: Type.Integer() }));

function unknownType(type: string, allowed: readonly string[], metadataKeys: readonly string[] = []): Error {
  const keys = metadataKeys.length ? `, or one of the project's metadata keys (${metadataKeys.join(', ')})` : '';
  return badRequest(`Unknown type "${type}": use one of ${allowed.join(', ')}${keys}.`);
}

/**
 * A session attribute key: a column, METADATA with the key in `source`, or a metadata key of
 * the project used as the type itself. Anything else is refused, naming `allowed` and the project's metadata keys.
 */
async function sessionAttribute(projects: ProjectsService, projectId: number, query: { type: string; source?: string }, allowed: readonly string[]): Promise<SessionAttribute> {
  if (entryOf(SESSION_KEY_COLUMNS, query.type)) return sessionColumn(query.type);
  if (query.type === METADATA_KEY) {
    if (!query.source) throw badRequest('Type METADATA needs the metadata key in "source".');
    return sessionMetadata(query.source);
  }
  const metadataKeys = (await projects.get(projectId))?.metadataKeys ?? [];
  if (query.type !== '' && metadataKeys.includes(query.type)) return sessionMetadata(query.type);
  throw unknownType(query.type, allowed, metadataKeys);
}

const SESSION_KEYS = [...Object.keys(SESSION_KEY_COLUMNS), METADATA_KEY];

/**
 * Spec part 1 §7 `GET /events/search`: values for an event filter (what the search matches it
 * against), a session attribute's values, metadata values (type METADATA, key in source), or
 * without a type a mixed list of clicks, inputs, pages, custom events and session attributes.
 */
export const eventSearchRoute = route({
  method: 'GET',
  url: '/events/search',
  access: ACCESS,
  summary: 'Autocomplete for a filter value: recent values of the key matching q, prefix matches first',
  schema: { querystring: withSource, response: suggestionList },
  handler: async ({ query, deps, sql: run, projectId, caller }): Promise<FilterSuggestion[]> => {
    const scope = suggestionScope(projectId, query.q, caller);
    const limit = query.limit ?? DEFAULT_SUGGESTIONS;
    if (!query.type) {
      const branches = [...MIXED_EVENT_KEYS.map((key) => eventBranch(scope, key, EVENT_SEARCH_SOURCES[key]!)), sessionBranch(scope, Object.keys(SESSION_KEY_COLUMNS).map(sessionColumn))];
      return topSuggestions(run, branches, limit);
    }
    const eventSource = entryOf(EVENT_SEARCH_SOURCES, query.type);
    if (eventSource) return topSuggestions(run, [eventBranch(scope, query.type, eventSource)], limit);
    const attribute = await sessionAttribute(deps.projects, projectId, { type: query.type, source: query.source }, [...Object.keys(EVENT_SEARCH_SOURCES), ...SESSION_KEYS]);
    return topSuggestions(run, [sessionBranch(scope, [attribute])], limit);
  },
});

/** Spec part 1 §7 `GET /sessions/filters/search`: values of one session attribute (or metadata key). */
export const sessionFilterSearchRoute = route({
  method: 'GET',
  url: '/sessions/filters/search',
  access: ACCESS,
  summary: 'Autocomplete for a session attribute (USEROS, USERCOUNTRY, ..., METADATA with source, or a metadata key)',
  schema: { querystring: withSource, response: suggestionList },
  handler: async ({ query, deps, sql: run, projectId, caller }): Promise<FilterSuggestion[]> => {
    const attribute = await sessionAttribute(deps.projects, projectId, { type: query.type ?? '', source: query.source }, SESSION_KEYS);
    return topSuggestions(run, [sessionBranch(suggestionScope(projectId, query.q, caller), [attribute])], query.limit ?? DEFAULT_SUGGESTIONS);
  },
});

/**
 * One event column per type, or all of them (each labelled with its type) when no type is
 * given: then only those the caller may read (CONSOLE only with Developer Tools); a type asked
 * for by name that they may not read is refused.
 */
function eventColumnRoute(options: { url: string; summary: string; sources: Readonly<Record<string, EventColumnSource>>; defaultTypes: readonly string[] }) {
  return defineRoute({
    method: 'GET',
    url: options.url,
    access: ACCESS,
    summary: options.summary,
    schema: { querystring: suggestionQuery, response: suggestionList },
    handler: async ({ query, sql: run, projectId, caller }): Promise<FilterSuggestion[]> => {
      const scope = suggestionScope(projectId, query.q, caller);
      const types = query.type ? [query.type] : options.defaultTypes.filter((type) => mayRead(scope, options.sources[type]!));
      const unknown = types.find((type) => !entryOf(options.sources, type));
      if (unknown !== undefined) throw unknownType(unknown, Object.keys(options.sources));
      return topSuggestions(run, types.map((type) => eventBranch(scope, type, options.sources[type]!)), query.limit ?? DEFAULT_SUGGESTIONS);
    },
  });
}

/** Spec part 2 §7 `GET /events/values`: values from the event value field (inputs, custom payloads, errors, console). */
export const eventValuesRoute = eventColumnRoute({
  url: '/events/values',
  summary: 'Autocomplete from the value field of recent events: INPUT values, CUSTOM payloads, ERROR and CONSOLE messages',
  sources: EVENT_VALUE_SOURCES,
  defaultTypes: Object.keys(EVENT_VALUE_SOURCES),
});

/** Spec part 2 §7 `GET /events/selectors`: CSS selectors of clicked (or, with type INPUT, typed-in) elements. */
export const eventSelectorsRoute = eventColumnRoute({
  url: '/events/selectors',
  summary: 'Autocomplete for a CSS selector: recent click targets (type CLICK, the default) or input targets (type INPUT)',
  sources: SELECTOR_SOURCES,
  defaultTypes: ['CLICK'],
});

/** The key of `/sessions/filters` holding the values of the project's first metadata field. */
const FIRST_FIELD_KEY = 'FID0';

/** Spec part 1 §7 `GET /sessions/filters`: the most frequent values per key over recent sessions, empty ones removed. */
export const sessionFilterValuesRoute = route({
  method: 'GET',
  url: '/sessions/filters',
  access: ACCESS,
  summary: `The ${FILTER_VALUES_PER_KEY} most frequent values of ${FILTER_VALUE_KEYS.join(', ')} and FID0 (the project's first metadata field) over recent sessions`,
  schema: { response: Type.Record(Type.String(), Type.Array(Type.String())) },
  handler: async ({ sql: run, projectId, caller, deps }): Promise<SessionFilterValues> => {
    // FID0: the values of the project's first metadata field (spec part 1 §7), empty when it has none.
    const firstField = (await deps.projects.get(projectId))?.metadataKeys[0];
    const attributes = [...FILTER_VALUE_KEYS.map(sessionColumn), ...(firstField ? [{ ...sessionMetadata(firstField), type: FIRST_FIELD_KEY }] : [])];
    const byType = await frequentValues(run, suggestionScope(projectId, '', caller), attributes, FILTER_VALUES_PER_KEY);
    return Object.fromEntries([...FILTER_VALUE_KEYS, FIRST_FIELD_KEY].map((key) => [key, byType.get(key) ?? []])) as SessionFilterValues;
  },
});
