import { Type } from '@sinclair/typebox';
import { forbidden, notFound, type Caller, type SqlRunner } from '@cassette/plugin-sdk/server';
import { findInProject, type StoredFunnel } from '../funnel-store.js';

/** Every funnel route: a member of the project holding METRICS. */
export const FUNNELS_ACCESS = { auth: 'user', project: true, permission: 'METRICS' } as const;
export const FUNNEL_NOT_FOUND = 'Funnel not found';
export const funnelParams = Type.Object({ funnelId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/**
 * The funnel, when the caller may see it: their own, or one shared with the team. Another
 * member's private funnel answers like a missing one (its existence is not theirs to learn).
 */
export async function requireVisible(run: SqlRunner, projectId: number, funnelId: number, caller: Caller): Promise<StoredFunnel> {
  const funnel = await findInProject(run, projectId, funnelId);
  if (!funnel || (funnel.userId !== caller.userId && !funnel.isPublic)) throw notFound(FUNNEL_NOT_FOUND);
  return funnel;
}

/** The funnel, when the caller wrote it: a shared funnel others see but may not change. */
export async function requireAuthored(run: SqlRunner, projectId: number, funnelId: number, caller: Caller, action: 'change' | 'delete'): Promise<StoredFunnel> {
  const funnel = await requireVisible(run, projectId, funnelId, caller);
  if (funnel.userId !== caller.userId) throw forbidden(`Only the author of a funnel may ${action} it.`);
  return funnel;
}
