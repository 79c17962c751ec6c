// Shared half of the plugin SDK: safe for both server and browser code.
export { PERMISSIONS, PERMISSION_LABELS, isPermission } from './shared/permissions.js';
export type { Permission } from './shared/permissions.js';
export { createServiceRef, createExtensionPoint, createSlot, ownerOf } from './shared/refs.js';
export type { ServiceRef, ExtensionPointRef, SlotRef } from './shared/refs.js';
export { defineEvent } from './shared/events.js';
export type { EventDef, EventPayload } from './shared/events.js';
