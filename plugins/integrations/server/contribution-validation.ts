import type { LogSource, TicketProvider } from '../api.js';
import type { IntegrationField } from '../shared/integration.js';

/** The `{name}` of the routes: lower case, so URLs and stored rows agree on one spelling. */
const ID_PATTERN = /^[a-z][a-z0-9-]{1,39}$/;
const FIELD_KEY_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/;
const FIELD_KINDS = new Set(['text', 'secret', 'url', 'number', 'select', 'textarea']);
const COMMON_FUNCTIONS = ['validate', 'checkConnection'] as const;
const LOG_SOURCE_FUNCTIONS = [...COMMON_FUNCTIONS, 'fetchLogs'] as const;
const TICKET_PROVIDER_FUNCTIONS = [...COMMON_FUNCTIONS, 'listProjects', 'listIssueTypes', 'createTicket', 'getTicket', 'comment'] as const;

type Named = { id?: unknown; label?: unknown; description?: unknown; fields?: unknown };

function refuse(what: string, contribution: Named, fromPlugin: string, problem: string): never {
  const id = typeof contribution.id === 'string' ? ` "${contribution.id}"` : '';
  throw new Error(`The ${what}${id} of plugin "${fromPlugin}" ${problem}`);
}

function checkField(field: IntegrationField, at: string): string | null {
  if (!field || typeof field !== 'object') return `has a field ${at} that is not an object`;
  if (typeof field.key !== 'string' || !FIELD_KEY_PATTERN.test(field.key)) return `has a field ${at} without a valid key (letters, digits, _; starting with a letter)`;
  if (typeof field.label !== 'string' || field.label.trim() === '') return `has field "${field.key}" without a label`;
  if (!FIELD_KINDS.has(field.kind)) return `has field "${field.key}" of unknown kind "${String(field.kind)}" (one of ${[...FIELD_KINDS].join(', ')})`;
  if (typeof field.required !== 'boolean') return `has field "${field.key}" without required: true or false`;
  if (field.default !== undefined) {
    if (field.kind === 'secret') return `has secret field "${field.key}" with a default: a secret has none`;
    if (field.kind === 'number' ? typeof field.default !== 'number' || !Number.isFinite(field.default) : typeof field.default !== 'string') {
      return `has field "${field.key}" whose default is not a ${field.kind === 'number' ? 'number' : 'string'}`;
    }
  }
  if (field.kind === 'select') {
    const options = field.options;
    if (!Array.isArray(options) || options.length === 0 || options.some((o) => typeof o?.value !== 'string' || typeof o?.label !== 'string')) {
      return `has select field "${field.key}" without options ({ value, label } strings)`;
    }
    if (field.default !== undefined && !options.some((o) => o.value === field.default)) return `has select field "${field.key}" whose default is not one of its options`;
  }
  return null;
}

function checkCommon(what: string, c: Named, fromPlugin: string, functions: readonly string[]): void {
  if (typeof c.id !== 'string' || !ID_PATTERN.test(c.id)) refuse(what, c, fromPlugin, `has no valid id: lower-case letters, digits and '-', 2 to 40, starting with a letter (it is the {name} of the integrations routes)`);
  if (typeof c.label !== 'string' || c.label.trim() === '') refuse(what, c, fromPlugin, 'has no label');
  if (typeof c.description !== 'string') refuse(what, c, fromPlugin, 'has no description');
  const missing = functions.filter((f) => typeof (c as Record<string, unknown>)[f] !== 'function');
  if (missing.length > 0) refuse(what, c, fromPlugin, `lacks ${missing.map((f) => `${f}()`).join(', ')}`);
  if (!Array.isArray(c.fields)) refuse(what, c, fromPlugin, 'has no fields list');
  const keys = new Set<string>();
  (c.fields as IntegrationField[]).forEach((field, i) => {
    const problem = checkField(field, `#${i + 1}`);
    if (problem) refuse(what, c, fromPlugin, problem);
    if (keys.has(field.key)) refuse(what, c, fromPlugin, `has two fields keyed "${field.key}"`);
    keys.add(field.key);
  });
}

/** Refuses at boot a log source the owner could not store, show or call. */
export function validateLogSource(source: LogSource, fromPlugin: string): void {
  checkCommon('log source', source as unknown as Named, fromPlugin, LOG_SOURCE_FUNCTIONS);
  if (typeof source.setupGuide !== 'string' || source.setupGuide.trim() === '') refuse('log source', source as unknown as Named, fromPlugin, 'has no setupGuide (what the site\'s backend must log)');
}

/** Refuses at boot a ticket provider the owner could not store, show or call. */
export function validateTicketProvider(provider: TicketProvider, fromPlugin: string): void {
  checkCommon('ticket provider', provider as unknown as Named, fromPlugin, TICKET_PROVIDER_FUNCTIONS);
}

/**
 * Both points share the `{name}` of the settings routes, so an id may be taken once across
 * them (the kernel refuses duplicates within one point).
 */
export function refuseSharedIds(logSources: { plugin: string; value: { id: string } }[], ticketProviders: { plugin: string; value: { id: string } }[]): void {
  for (const provider of ticketProviders) {
    const source = logSources.find((s) => s.value.id === provider.value.id);
    if (source) {
      throw new Error(`Integration id "${provider.value.id}" is taken twice: a log source of plugin "${source.plugin}" and a ticket provider of plugin "${provider.plugin}"; give one of them another id`);
    }
  }
}
