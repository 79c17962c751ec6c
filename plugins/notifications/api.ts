// Public surface of the notifications plugin: refs and types only, safe for any plugin and the browser.
import { createServiceRef } from '@cassette/plugin-sdk';

export type NotificationLevel = 'info' | 'warning' | 'error';
export type NotificationSource = 'ALERT' | 'SYNTHETIC' | 'SYSTEM';

/** A notification as `GET /api/notifications` answers it (empty fields are omitted). */
export interface Notification {
  notificationId: number;
  level: NotificationLevel;
  /** Kept for clients of the spec's shape; this server puts the body in `description`. */
  text?: string;
  title: string;
  description?: string;
  /** An app path (`/3/dashboard/7`) or an http(s) URL. */
  link?: string;
  viewed: boolean;
  /** The source in lower case: 'alert', 'synthetic' or 'system'. */
  type: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  options: {
    source: NotificationSource;
    sourceId?: string;
    projectId?: number;
    sourceMeta?: Record<string, unknown>;
  };
  /** 'alert' (threshold or change alerts), 'synthetic' (scheduled tests), ... */
  filterKey?: string;
}

/** An announcement as `GET /api/announcements` answers it. */
export interface Announcement {
  announcementId: number;
  type: string;
  title: string;
  description: string;
  imageUrl?: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** True once the caller opened the panel after it was posted. */
  viewed: boolean;
  /** An http(s) URL or an app path. */
  buttonUrl?: string;
  buttonText?: string;
}

export interface NotifyInput {
  tenantId: number;
  /** Set when the notification is about one project: members whose role excludes it do not see it. */
  projectId?: number;
  /** Default: every member of the tenant. Ids that are not members of the tenant are skipped. */
  userIds?: number[];
  title: string;
  description?: string;
  /** Default 'info'. */
  level?: NotificationLevel;
  /** An app path starting with '/' or an http(s) URL. */
  link?: string;
  /** Default 'SYSTEM'. */
  source?: NotificationSource;
  sourceId?: string;
  sourceMeta?: Record<string, unknown>;
  filterKey?: string;
}

export interface AnnounceInput {
  tenantId: number;
  title: string;
  description: string;
  /** A category such as 'welcome' or 'release'; default 'announcement'. */
  type?: string;
  /** Both or neither. The URL is http(s), or an app path such as '/onboarding/installing'. */
  buttonText?: string;
  buttonUrl?: string;
  /** http(s) only. */
  imageUrl?: string;
  /**
   * Makes the call idempotent: a second announcement with the same key for the same tenant
   * is not created and the first one's id is returned (system messages such as the welcome).
   */
  key?: string;
}

export interface NotificationsService {
  /** Creates one notification per recipient; answers the new notification ids. */
  notify(input: NotifyInput): Promise<number[]>;
  /** Posts an announcement to every member of the tenant; answers its id. */
  announce(input: AnnounceInput): Promise<number>;
}

export const notificationsService = createServiceRef<NotificationsService>('notifications.service');

/** The members' weekly report switches and the organization's report time zone, as the report that reads them needs them. */
export interface WeeklyReportPreferences {
  /** The organization's IANA time zone; UTC until an admin picks one. */
  timeZone(tenantId: number): Promise<string>;
  /** Members of the tenant who turned their weekly report off (everyone else receives it). */
  switchedOff(tenantId: number): Promise<ReadonlySet<number>>;
}

export const notificationsServices = {
  weeklyReport: createServiceRef<WeeklyReportPreferences>('notifications.weeklyReportPreferences'),
} as const;
