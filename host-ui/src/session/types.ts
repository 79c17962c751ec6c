import type { Permission, ProjectSummary, ProjectTag } from '@cassette/plugin-sdk/ui';

export type InputMode = 'plain' | 'obscured' | 'hidden';

export interface GdprSettings {
  maskEmails: boolean;
  maskNumbers: boolean;
  defaultInputMode: InputMode;
  /** Percentage of sessions recorded, 0-100; absent (null) when the account's capture rate applies. */
  sampleRate?: number | null;
  /** Recordings older than this are deleted, 1-3650. */
  retentionDays: number;
  /** Canvas pictures recorded per second at most; 0: canvases are not recorded. */
  canvasFps: number;
}

/** A project as GET /api/projects returns it. */
export interface Project extends ProjectSummary {
  projectId?: number;
  lastRecordedSessionAt?: string | number | null;
  gdpr?: GdprSettings;
  saveRequestPayloads?: boolean;
  /** Whether the project's backend stack (logs, error tools) is connected, as its admins say. */
  stackIntegrations?: boolean;
  tags?: ProjectTag[];
  trackerVersion?: string | null;
  createdAt?: string;
}

export interface Member {
  id: number;
  name: string;
  email: string;
  createdAt?: string;
  admin: boolean;
  superAdmin: boolean;
  joined: boolean;
  expiredInvitation: boolean;
  /** The member must choose a new password at next login. */
  changePassword?: boolean;
  roleId: number | null;
  roleName?: string | null;
  invitationLink?: string;
}

export interface Role {
  roleId: number;
  name: string;
  description?: string | null;
  permissions: Permission[];
  allProjects: boolean;
  projects: number[];
  protected: boolean;
  createdAt?: string;
}

export interface CustomField {
  index: number;
  key: string;
  label?: string | null;
  type?: string;
}
