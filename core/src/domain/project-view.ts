import type { GdprSettings, ProjectInfo } from '@cassette/plugin-sdk/server';
import type { Project } from '../entities/project.entity.js';

// A new project has no sample rate of its own: the account's capture rate applies until one is set.
export const DEFAULT_GDPR: GdprSettings = { maskEmails: true, maskNumbers: false, defaultInputMode: 'plain', sampleRate: null, retentionDays: 180, canvasFps: 2 };

/** A project is "recording" (green) while sessions arrived in the last day. */
export const RECORDING_WINDOW_MS = 24 * 3600_000;

export type ProjectStatus = 'red' | 'yellow' | 'green';

export function projectStatus(lastRecordedSessionAt: Date | null | undefined, now = Date.now()): ProjectStatus {
  if (!lastRecordedSessionAt) return 'red';
  return now - lastRecordedSessionAt.getTime() <= RECORDING_WINDOW_MS ? 'green' : 'yellow';
}

export function projectView(project: Project) {
  return {
    id: project.id,
    projectId: project.id,
    name: project.name,
    host: project.host,
    projectKey: project.projectKey,
    status: projectStatus(project.lastRecordedSessionAt),
    recorded: project.recorded,
    lastRecordedSessionAt: project.lastRecordedSessionAt?.toISOString() ?? null,
    gdpr: { ...DEFAULT_GDPR, ...project.gdpr },
    saveRequestPayloads: project.saveRequestPayloads,
    trackerVersion: project.trackerVersion ?? null,
    stackIntegrations: project.stackIntegrations ?? false,
    tags: project.tags ?? [],
    createdAt: project.createdAt.toISOString(),
  };
}

export function projectInfo(project: Project): ProjectInfo {
  return {
    id: project.id,
    tenantId: project.tenantId,
    name: project.name,
    host: project.host,
    projectKey: project.projectKey,
    recorded: project.recorded,
    lastRecordedSessionAt: project.lastRecordedSessionAt?.toISOString() ?? null,
    gdpr: { ...DEFAULT_GDPR, ...project.gdpr },
    saveRequestPayloads: project.saveRequestPayloads,
    metadataKeys: project.customFields.map((f) => f.key),
  };
}
