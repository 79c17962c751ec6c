// Browser half of the plugin SDK: what plugin UIs import from the host.
export { defineUiPlugin, hostSlots } from './ui/plugin.js';
export type { NavItem, SettingsTab, SlotFill, TopBarItem, UiPage, UiPlugin } from './ui/plugin.js';
export { HostContext, useHost, useApi, useToast, useCurrentProject } from './ui/host-context.js';
export type { Account, AccountLimits, HostContextValue, ProjectSummary, ToastKind } from './ui/host-context.js';
export { ApiError, CONNECTION_ERROR, createApiClient, stripEmpty } from './ui/api-client.js';
export type { ApiClient, ApiClientOptions, ApiResponse } from './ui/api-client.js';
export { PERMISSIONS, PERMISSION_LABELS, isPermission } from './shared/permissions.js';
export type { Permission } from './shared/permissions.js';
