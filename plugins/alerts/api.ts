// Public surface of the alerts plugin: its wire types (types only) and the channels extension
// point through which integrations add ways to deliver a notice.
import { createExtensionPoint } from '@cassette/plugin-sdk';
import type { Logger, Mailer, OutboundHttpClient, SecretsService, SqlRunner } from '@cassette/plugin-sdk/server';
import type { NotificationsService } from '@cassette/plugin-notifications/api';

export type {
  Alert,
  AlertDeleted,
  AlertDelivery,
  AlertEvaluation,
  AlertMessage,
  AlertOperator,
  AlertOptions,
  AlertPeriod,
  AlertQuery,
  AlertRecipients,
  ChangeKind,
  DetectionMethod,
  MessageType,
} from './shared/alert.js';
export type { AlertTrigger, TriggerGroup, TriggerUnit } from './shared/triggers.js';

/** What a channel delivers: one alert's notice, that it fired (again) or recovered. */
export interface AlertNotice {
  kind: 'fired' | 'recovered';
  alertId: number;
  alertName: string;
  projectId: number;
  projectName: string;
  tenantId: number;
  /** The trigger's label ('Page Load Time (average)', a custom metric's series name) and unit. */
  metricName: string;
  unit: 'ms' | 'count';
  detectionMethod: 'threshold' | 'change';
  change: 'absolute' | 'percent';
  operator: string;
  threshold: number;
  /** The value over the current period (null: nothing measured), the previous period's, and what was compared (the value or its change). */
  value: number | null;
  previousValue: number | null;
  compared: number | null;
  /** Minutes. */
  currentPeriod: number;
  previousPeriod: number;
  /** Epoch ms: the end of the period read. */
  periodEnd: number;
  /** The alert in the app (an absolute URL). */
  link: string;
  /** The app path of the alert (for in-app links). */
  path: string;
}

/** What a channel gets to send with: the kernel's services, never a raw socket (outbound requests go through `outboundHttp`). */
export interface AlertChannelContext {
  sql: SqlRunner;
  mailer: Mailer;
  outboundHttp: OutboundHttpClient;
  secrets: SecretsService;
  notifications: NotificationsService;
  log: Logger;
}

/**
 * A way to deliver notices. `messageType` ties it to the alert form's channel ('email', 'slack',
 * 'webhook': each recipient of that type is one delivery); null marks the in-app channel, which
 * every notice reaches (the alerts bell), its recipient being the project's members.
 * `deliver` throws to have the delivery retried with backoff; an error whose `retry` is false
 * (`AlertDeliveryRefused`) marks it failed at once, its message in the delivery log.
 */
export interface AlertChannel {
  /** Unique across plugins: 'inApp', 'email', 'slack', 'webhook'. */
  id: string;
  messageType: 'email' | 'slack' | 'webhook' | null;
  deliver(notice: AlertNotice, recipient: string, ctx: AlertChannelContext): Promise<void>;
}

/**
 * What a channel throws when trying again cannot help: the recipient is gone or is not of the
 * channel's type, its address is refused. Make one with `Object.assign(new Error(why), { retry: false })`.
 */
export type AlertDeliveryRefused = Error & { retry: false };

export const alertsExtensionPoints = {
  channels: createExtensionPoint<AlertChannel>('alerts.channels'),
} as const;
