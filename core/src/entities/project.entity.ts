import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ProjectTag } from '@cassette/plugin-sdk';
import type { GdprSettings } from '@cassette/plugin-sdk/server';

export interface CustomField {
  index: number;
  key: string;
  label?: string;
  type: 'string';
}

export const ProjectEntity = defineEntity({
  name: 'Project',
  tableName: 'core_projects',
  properties: {
    id: p.integer().primary().autoincrement(),
    tenantId: p.integer().index(),
    name: p.string(),
    host: p.string().default(''),
    projectKey: p.string().unique(),
    gdpr: p.json<GdprSettings>(),
    customFields: p.json<CustomField[]>(),
    saveRequestPayloads: p.boolean().default(false),
    recorded: p.boolean().default(false),
    lastRecordedSessionAt: p.datetime().nullable(),
    /** The tracker version the latest session start reported. */
    trackerVersion: p.string().nullable(),
    /** Whether the project's backend stack (its logs and error tools) is connected: the admin's word, shown on the project. */
    stackIntegrations: p.boolean().default(false),
    tags: p.json<ProjectTag[]>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    deletedAt: p.datetime().nullable(),
  },
});
export type Project = InferEntity<typeof ProjectEntity>;
