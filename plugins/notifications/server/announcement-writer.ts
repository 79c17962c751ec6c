import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { badRequest } from '@cassette/plugin-sdk/server';
import type { AnnounceInput } from '../api.js';
import { isHttpUrl, isSafeLink } from '../shared/links.js';
import { AnnouncementEntity, type AnnouncementRow } from './announcement.entity.js';

export const DEFAULT_ANNOUNCEMENT_TYPE = 'announcement';

/** Checks the schema cannot express; the messages reach admins as 400s. */
function checkAnnouncement(input: AnnounceInput): void {
  const hasText = input.buttonText !== undefined;
  const hasUrl = input.buttonUrl !== undefined;
  if (hasText !== hasUrl) throw badRequest('A button needs both buttonText and buttonUrl.');
  if (hasUrl && !isSafeLink(input.buttonUrl!)) throw badRequest('buttonUrl must be an http:// or https:// address.');
  if (input.imageUrl !== undefined && !isHttpUrl(input.imageUrl)) throw badRequest('imageUrl must be an http:// or https:// address.');
}

/** Creates an announcement for a tenant; with a key, a second call answers the first row instead. */
export async function writeAnnouncement(em: EntityManager, input: AnnounceInput): Promise<AnnouncementRow> {
  checkAnnouncement(input);
  if (input.key !== undefined) {
    const existing = await em.findOne(AnnouncementEntity, { tenantId: input.tenantId, key: input.key });
    if (existing) return existing;
  }
  const row = em.create(AnnouncementEntity, {
    tenantId: input.tenantId,
    key: input.key ?? null,
    type: input.type ?? DEFAULT_ANNOUNCEMENT_TYPE,
    title: input.title.trim(),
    description: input.description.trim(),
    imageUrl: input.imageUrl ?? null,
    buttonUrl: input.buttonUrl ?? null,
    buttonText: input.buttonText?.trim() ?? null,
  });
  try {
    await em.flush();
  } catch (error) {
    // Another process wrote the same keyed announcement between our read and our insert.
    if (!(error instanceof UniqueConstraintViolationException) || input.key === undefined) throw error;
    const fresh = em.fork();
    const winner = await fresh.findOne(AnnouncementEntity, { tenantId: input.tenantId, key: input.key });
    if (!winner) throw error;
    return winner;
  }
  return row;
}
