// Browser half of the plugin SDK: what plugin UIs import from the host.
export { defineUiPlugin, fillSlot, hostSlots } from './ui/plugin.js';
export type { AnySlotFill, NavItem, SettingsTab, SlotFill, TopBarItem, UiPage, UiPlugin } from './ui/plugin.js';
export { createSlot } from './shared/refs.js';
export type { SlotRef } from './shared/refs.js';
export { HostContext, useHost, useApi, useToast, useCurrentProject, accountHasPermission } from './ui/host-context.js';
export type { Account, AccountLimits, Client, HostContextValue, ProjectSummary, ToastKind } from './ui/host-context.js';
export { ApiError, CONNECTION_ERROR, createApiClient, stripEmpty } from './ui/api-client.js';
export type { ApiClient, ApiClientOptions, ApiResponse } from './ui/api-client.js';
export { PERMISSIONS, PERMISSION_LABELS, isPermission } from './shared/permissions.js';
export type { Permission } from './shared/permissions.js';
export { readSiteHost, SITE_HOST_INPUT_MAX_LENGTH, SITE_HOST_NAME_MAX_LENGTH, SITE_HOST_REQUIRED, SITE_HOST_INVALID, SITE_HOST_WILDCARD, SITE_HOST_SCHEME, SITE_HOST_TOO_LONG } from './shared/site-host.js';
export type { SiteHostReading } from './shared/site-host.js';
export { memberRank, memberManageRefusal, OWNER_ONLY, ADMINS_BY_OWNER_ONLY, MEMBERS_BY_ADMINS_ONLY } from './shared/member-rank.js';
export type { RankedMember } from './shared/member-rank.js';
export { APPEARANCE_ROLES, APPEARANCE_PRESETS, APPEARANCE_ROLE_LABELS, APPEARANCE_FLAGS, APPEARANCE_FLAG_LABELS, PRESET_FLAGS, appearanceFlagOn, presetAppearance, customAppearance, resolveAppearance, applyAppearanceChange, readAppearanceChange } from './shared/appearance.js';
export type { Appearance, AppearanceRole, AppearancePreset, AppearanceFlag, AppearanceWidget, AppearanceChange } from './shared/appearance.js';

// Slots: plugins (and the host) offer named places other plugins fill.
export { Slot, UiRegistryContext, useSlotFills, selectFills, useAppearanceFlag } from './ui/slot.js';
export { useLatestAnswer } from './ui/use-latest-answer.js';
export type { LatestAnswer } from './ui/use-latest-answer.js';
export type { SlotProps, UiRegistryValue } from './ui/slot.js';

// The shared UI kit (styled by the host stylesheet's `cs-*` classes).
export { Button } from './ui/kit/button.js';
export type { ButtonProps, ButtonVariant } from './ui/kit/button.js';
export { Spinner, Loader } from './ui/kit/spinner.js';
export type { SpinnerProps } from './ui/kit/spinner.js';
export { Input, Textarea, Select, Checkbox } from './ui/kit/fields.js';
export type { InputProps, TextareaProps, SelectProps, SelectOption, CheckboxProps } from './ui/kit/fields.js';
export { FormErrors } from './ui/kit/form-errors.js';
export { NoContent, NO_CONTENT_TEXT } from './ui/kit/no-content.js';
export type { NoContentProps } from './ui/kit/no-content.js';
export { NotAllowed, NOT_ALLOWED_TEXT, LIVE_SESSION_TEXT } from './ui/kit/not-allowed.js';
export type { NotAllowedProps } from './ui/kit/not-allowed.js';
export { CopyButton, copyText, COPY_FEEDBACK_MS, COPY_FEEDBACK_SHORT_MS } from './ui/kit/copy-button.js';
export { TimezoneSelect, timezoneOptions, utcOffsetLabel } from './ui/kit/timezone-select.js';
export { useDismiss } from './ui/kit/use-dismiss.js';
export type { CopyButtonProps } from './ui/kit/copy-button.js';
export { Toasts, useToasts, TOAST_AUTO_CLOSE_MS } from './ui/kit/toasts.js';
export type { ShowToast } from './ui/kit/toasts.js';
export { SidePanel, Modal } from './ui/kit/overlays.js';
export { ConfirmDialog, CONFIRM_DELETE_LABEL, permanentDeleteQuestion } from './ui/kit/confirm-dialog.js';
export type { SidePanelProps, ModalProps } from './ui/kit/overlays.js';
export type { ConfirmDialogProps } from './ui/kit/confirm-dialog.js';
export { Pagination, requestedPage, showingText } from './ui/kit/pagination.js';
export type { PaginationProps } from './ui/kit/pagination.js';
export { DateRangePicker } from './ui/kit/date-range/date-range-picker.js';
export type { DateRangePickerProps } from './ui/kit/date-range/date-range-picker.js';
export { dateRangePickerMachine } from './ui/kit/date-range/date-range-picker.machine.js';
export type { DateRangeChange, DateRangePickerContext, DateRangePickerEvent } from './ui/kit/date-range/date-range-picker.machine.js';
export { DATE_RANGES, ALL_DATE_RANGES, ALERT_DATE_RANGES, DEFAULT_DATE_RANGE, isDateRangeValue, dateRangeLabel, rangeBounds, rangeButtonLabel, rangeEdgeLabel } from './ui/kit/date-range/date-ranges.js';
export type { DateBounds, DateRangeValue, PresetRangeValue } from './ui/kit/date-range/date-ranges.js';
export { TagEditor, tagCharacters, isTagKey } from './ui/kit/tag-editor.js';
export type { TagEditorProps } from './ui/kit/tag-editor.js';
export { EditableText, EDITABLE_TEXT_MAX_LENGTH, editedText } from './ui/kit/editable-text.js';
export type { EditableTextProps } from './ui/kit/editable-text.js';
export { Tooltip, TOOLTIP_DELAY_MS } from './ui/kit/tooltip.js';
export type { TooltipProps } from './ui/kit/tooltip.js';
export { EscHint } from './ui/kit/esc-hint.js';
export type { EscHintProps } from './ui/kit/esc-hint.js';
export { Chart } from './ui/kit/chart/chart.js';
export type { ChartProps } from './ui/kit/chart/chart.js';
export { kitChartOptions } from './ui/kit/chart/chart-options.js';
export type { TimeAxis } from './ui/kit/chart/chart-options.js';
export { timeLabelUnit, formatTimeLabel } from './ui/kit/chart/time-labels.js';
export type { TimeLabelUnit } from './ui/kit/chart/time-labels.js';
export { InfoIcon, LockIcon, CloseIcon, CheckIcon, CopyIcon, InboxIcon, BellIcon, MegaphoneIcon } from './ui/kit/icons.js';

// Formatters: dates and times in the viewer's timezone, sizes, durations.
export { toWallTime, fromWallTime, startOfDay, endOfDay, addDays, startOfMonth, startOfYear, dayKey, minuteKey, fromDayAndTime, daysInMonth, zoneLabel } from './shared/zoned-time.js';
export type { WallTime } from './shared/zoned-time.js';
export { formatDate, formatDateTime, formatTimeOfDay, formatAgo, MONTH_NAMES, WEEKDAY_NAMES } from './ui/format/date-time.js';
export type { DateTimeOptions } from './ui/format/date-time.js';
export { formatBytes, bytesToMegabytes } from './ui/format/bytes.js';
export { formatDuration, formatMilliseconds, formatElapsed } from './ui/format/duration.js';
