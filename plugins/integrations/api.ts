// Public surface of the integrations plugin: the two extension points integrators fill (a log
// source, a ticket provider), the contract each contribution follows, and the wire types.
// Types and refs only: a contribution's code lives in its own plugin.
import { createExtensionPoint } from '@cassette/plugin-sdk';
import type { Logger, OutboundHttpClient } from '@cassette/plugin-sdk/server';
import type { BackendLogLine, IntegrationField, Ticket, TicketActivity, TicketIssueType, TicketProject } from './shared/integration.js';

export type {
  BackendLogLevel,
  BackendLogLine,
  IntegrationField,
  IntegrationFieldKind,
  IntegrationKind,
  IntegrationSource,
  IntegrationState,
  Ticket,
  TicketActivity,
  TicketIssueType,
  TicketProject,
} from './shared/integration.js';

/**
 * The tag a site's backend logs with each line it writes while serving a recorded visit: the
 * tracker's session id, which the site's frontend forwards to its backend (README "Backend
 * logs"). Log sources search for `cassetteSessionId=<id>` (or the field of that name).
 */
export const SESSION_TAG = 'cassetteSessionId';

/** A saved configuration: the field keys of the integration's form and their values (secrets in clear, server side only). */
export type IntegrationConfig = Readonly<Record<string, string | number>>;

/**
 * A contribution throws `integrationFailure(reason, message)` (SDK server entry) when the tool's
 * call fails; the message is what the user reads, naming the tool and the fix.
 */
export type { IntegrationFailure, IntegrationFailureReason } from '@cassette/plugin-sdk/server';

/** What the owner hands a contribution on each call: every request goes through `outboundHttp`. */
export interface IntegrationContext {
  outboundHttp: OutboundHttpClient;
  log: Logger;
  /** Epoch ms now (tests pass a fixed clock). */
  now(): number;
}

/** Common to both kinds of contribution. */
interface IntegrationContribution {
  /** Unique across plugins, the `{name}` of the routes: 'sentry', 'datadog', 'jira', 'github'… */
  id: string;
  /** As the settings show it: 'Sentry', 'Google Cloud Logging'. */
  label: string;
  /** One line under the label on the settings card. */
  description: string;
  /** The form, in order. A `secret` field is stored encrypted and never sent back in full. */
  fields: readonly IntegrationField[];
  /**
   * The spec's rules (part 2 §5) on a submitted configuration (defaults already applied):
   * field key → message for each problem; empty when valid. No network.
   */
  validate(config: IntegrationConfig): Record<string, string>;
  /**
   * One cheap authenticated call that proves the configuration works (on save, and on "Check
   * connection"). Throws an IntegrationFailure saying what is wrong.
   */
  checkConnection(config: IntegrationConfig, ctx: IntegrationContext): Promise<void>;
}

/** The session whose backend lines are wanted: tagged with its id (SESSION_TAG), within its time window (epoch ms, with a margin the owner adds). */
export interface LogQuery {
  sessionId: string;
  userId: string | null;
  from: number;
  to: number;
  /** At most this many lines, the earliest first. */
  limit: number;
}

/** A backend log tool: lines a site's backend logged with the session's tag. */
export interface LogSource extends IntegrationContribution {
  /** Markdown for the settings card: what the site's backend must log for lines to be found (the tag, the field). */
  setupGuide: string;
  fetchLogs(config: IntegrationConfig, query: LogQuery, ctx: IntegrationContext): Promise<BackendLogLine[]>;
}

/** What a ticket is created with, from a session in the player. */
export interface NewTicket {
  projectId: string;
  issueTypeId: string;
  title: string;
  /** Plain text; ends with the link to the session at the current time. */
  description: string;
}

/** An issue tracker: tickets created from sessions. */
export interface TicketProvider extends IntegrationContribution {
  listProjects(config: IntegrationConfig, ctx: IntegrationContext): Promise<TicketProject[]>;
  listIssueTypes(config: IntegrationConfig, projectId: string, ctx: IntegrationContext): Promise<TicketIssueType[]>;
  createTicket(config: IntegrationConfig, ticket: NewTicket, ctx: IntegrationContext): Promise<Ticket>;
  /** The ticket as it is now in the tool, with its activities (comments). */
  getTicket(config: IntegrationConfig, ref: { projectId: string; ticketId: string }, ctx: IntegrationContext): Promise<Ticket>;
  comment(config: IntegrationConfig, ref: { projectId: string; ticketId: string }, message: string, ctx: IntegrationContext): Promise<TicketActivity>;
}

export const integrationsExtensionPoints = {
  logSources: createExtensionPoint<LogSource>('integrations.logSources'),
  ticketProviders: createExtensionPoint<TicketProvider>('integrations.ticketProviders'),
} as const;
