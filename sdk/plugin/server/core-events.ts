import { Type } from '@sinclair/typebox';
import { defineEvent } from '../shared/events.js';

/** Events the kernel publishes; plugins subscribe with `registrar.on`. */
export const coreEvents = {
  tenantCreated: defineEvent('core.tenantCreated', 1, Type.Object({ tenantId: Type.Integer(), ownerUserId: Type.Integer() })),
  projectCreated: defineEvent('core.projectCreated', 1, Type.Object({ tenantId: Type.Integer(), projectId: Type.Integer() })),
  projectDeleted: defineEvent('core.projectDeleted', 1, Type.Object({ tenantId: Type.Integer(), projectId: Type.Integer() })),
  memberJoined: defineEvent('core.memberJoined', 1, Type.Object({ tenantId: Type.Integer(), userId: Type.Integer() })),
} as const;
