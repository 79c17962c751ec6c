// Wire types of the integrations plugin (server and browser).

export type IntegrationKind = 'logs' | 'tickets';
export type IntegrationFieldKind = 'text' | 'secret' | 'url' | 'number' | 'select' | 'textarea';

export interface IntegrationField {
  key: string;
  label: string;
  kind: IntegrationFieldKind;
  required: boolean;
  /** Applied when the field is left empty (Elasticsearch: indexes '*log*', port 9200). */
  default?: string | number;
  /** For `select` (regions). */
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
  hint?: string;
}

/** `GET /integration/sources`: what can be connected, and whether this project has it. */
export interface IntegrationSource {
  key: string;
  label: string;
  description: string;
  kind: IntegrationKind;
  fields: IntegrationField[];
  /** Markdown (log sources): what the backend must log. */
  setupGuide?: string;
  /** Saved for the project. */
  configured: boolean;
  /** The last connection check passed. */
  connected: boolean;
}

/** `GET /integrations/{name}`: the project's configuration, secrets masked ('••••1f2e'). */
export interface IntegrationState {
  name: string;
  projectId: number;
  config: Record<string, string | number>;
  connected: boolean;
  /** Epoch ms of the last check; its failure, as the user reads it. */
  checkedAt: number | null;
  lastError: string | null;
}

export type BackendLogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Log entry (spec part 2 §3): time, index, name, message, payload, source, level. */
export interface BackendLogLine {
  /** Epoch ms. */
  time: number;
  /** Order within the answer (the owner renumbers across sources). */
  index: number;
  /** The logger or service name, when the tool has one. */
  name: string;
  message: string;
  /** The structured rest of the line (attributes, tags), as the tool gave it. */
  payload: Record<string, unknown> | null;
  /** The integration it came from: 'sentry', 'datadog'… */
  source: string;
  level: BackendLogLevel;
}

export interface TicketProject {
  id: string;
  name: string;
}

export interface TicketIssueType {
  id: string;
  name: string;
  iconUrl?: string;
}

export interface TicketActivity {
  id: string;
  type: 'comment' | 'created' | 'status';
  author: string;
  /** Epoch ms. */
  createdAt: number;
  message: string;
}

/** Issue (ticket), spec part 2 §3. */
export interface Ticket {
  id: string;
  /** Where it lives in the tool ('PROJ', 'owner/repo'). */
  projectId: string;
  title: string;
  description: string;
  issueType: string;
  assignee: string | null;
  closed: boolean;
  commentsCount: number;
  /** Epoch ms. */
  timestamp: number;
  /** The ticket in the tool (https URL). */
  url: string;
  iconUrl?: string;
  activities?: TicketActivity[];
}
