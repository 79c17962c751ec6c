import { resolveLoggerOptions, type LoggerOptions } from '@cassette/plugin-sdk';
import { sql, type ProjectInfo, type ProjectsService } from '@cassette/plugin-sdk/server';
import type { DatabaseRuntime } from '../database/create-database.js';
import { ProjectEntity } from '../entities/project.entity.js';
import { projectInfo } from './project-view.js';

/** The projects service plugins use: read-only views plus the "recorded" signal from ingest. */
export class ProjectsDirectory implements ProjectsService {
  constructor(private readonly db: DatabaseRuntime) {}

  async get(projectId: number): Promise<ProjectInfo | null> {
    const project = await this.db.em().findOne(ProjectEntity, { id: projectId, deletedAt: null });
    return project ? projectInfo(project) : null;
  }

  async byKey(projectKey: string): Promise<ProjectInfo | null> {
    const project = await this.db.em().findOne(ProjectEntity, { projectKey, deletedAt: null });
    return project ? projectInfo(project) : null;
  }

  async listForTenant(tenantId: number): Promise<ProjectInfo[]> {
    const projects = await this.db.em().find(ProjectEntity, { tenantId, deletedAt: null }, { orderBy: { id: 'asc' } });
    return projects.map(projectInfo);
  }

  async listAll(): Promise<ProjectInfo[]> {
    const projects = await this.db.em().find(ProjectEntity, { deletedAt: null }, { orderBy: { id: 'asc' } });
    return projects.map(projectInfo);
  }

  async loggerOptions(tenantId: number): Promise<LoggerOptions> {
    const [row] = await this.db.sql<{ logger_options: Record<string, unknown> | null }>(sql`select logger_options from core_tenants where id = ${tenantId}`);
    return resolveLoggerOptions(row?.logger_options);
  }

  async markRecorded(projectId: number, at: Date, trackerVersion?: string): Promise<void> {
    await this.db.sql(sql`update core_projects set recorded = true, last_recorded_session_at = greatest(coalesce(last_recorded_session_at, ${at}), ${at}),
      tracker_version = coalesce(${trackerVersion?.slice(0, 64) || null}::text, tracker_version) where id = ${projectId}`);
  }
}
