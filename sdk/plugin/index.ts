// Shared half of the plugin SDK: safe for both server and browser code.
export { PERMISSIONS, PERMISSION_LABELS, isPermission } from './shared/permissions.js';
export type { Permission } from './shared/permissions.js';
export { createServiceRef, createExtensionPoint, createSlot, ownerOf } from './shared/refs.js';
export type { ServiceRef, ExtensionPointRef, SlotRef } from './shared/refs.js';
export { readSiteHost, SITE_HOST_INPUT_MAX_LENGTH, SITE_HOST_NAME_MAX_LENGTH, SITE_HOST_REQUIRED, SITE_HOST_INVALID, SITE_HOST_WILDCARD, SITE_HOST_SCHEME, SITE_HOST_TOO_LONG } from './shared/site-host.js';
export type { SiteHostReading } from './shared/site-host.js';
export { memberRank, memberManageRefusal, OWNER_ONLY, ADMINS_BY_OWNER_ONLY, MEMBERS_BY_ADMINS_ONLY } from './shared/member-rank.js';
export type { RankedMember } from './shared/member-rank.js';
export { defineEvent } from './shared/events.js';
export type { EventDef, EventPayload } from './shared/events.js';
export { toWallTime, fromWallTime, startOfDay, endOfDay, addDays, startOfMonth, startOfYear, dayKey, minuteKey, fromDayAndTime, daysInMonth, zoneLabel } from './shared/zoned-time.js';
export type { WallTime } from './shared/zoned-time.js';
export { APPEARANCE_ROLES, APPEARANCE_PRESETS, APPEARANCE_ROLE_LABELS, APPEARANCE_FLAGS, APPEARANCE_FLAG_LABELS, PRESET_FLAGS, appearanceFlagOn, presetAppearance, customAppearance, resolveAppearance, applyAppearanceChange, readAppearanceChange } from './shared/appearance.js';
export type { Appearance, AppearanceRole, AppearancePreset, AppearanceFlag, AppearanceWidget, AppearanceChange } from './shared/appearance.js';
export { DEFAULT_LOGGER_OPTIONS, INPUT_MODES, LOGGER_OPTIONS_MAX_ENTRIES, domainAllowed, ipVersion, readDomainEntry, readIpEntry, readLoggerOptionsChange, resolveLoggerOptions, stricterInputMode } from './shared/logger-options.js';
export type { InputMode, LoggerOptions } from './shared/logger-options.js';
export { DEFAULT_TAG_COLOR, PROJECT_TAGS_MAX, PROJECT_TAG_DESCRIPTION_MAX, PROJECT_TAG_NAME_MAX, readProjectTags } from './shared/project-tags.js';
export type { ProjectTag, ProjectTagInput } from './shared/project-tags.js';
