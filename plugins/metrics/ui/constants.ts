// The metrics and dashboards UI's constants (spec part 1 §3, §8, §9; part 2 §3, §9).

/** Series per metric (spec part 1 §5); a table metric has one. */
export const MAX_SERIES = 3;

/** Pages of lists (spec part 1 §9). */
export const METRICS_PAGE_SIZE = 15;
export const DASHBOARD_METRICS_PAGE_SIZE = 10;
export const METRIC_SESSIONS_PAGE_SIZE = 10;

/** Chart density: points per chart (70; overview widgets 7). */
export const DEFAULT_DENSITY = 70;
export const OVERVIEW_DENSITY = 7;

/** Widget sizes: the grid is 4 columns; a widget spans 2 unless its config says otherwise. */
export const GRID_COLUMNS = 4;
export const DEFAULT_COL_SPAN = 2;
export const WIDGET_HEIGHT = 240;
export const OVERVIEW_WIDGET_HEIGHT = 100;

/** Table widget: 5 rows (3 when small) then an 'N More' button; at most 200 px high. */
export const TABLE_ROWS = 5;
export const SMALL_TABLE_ROWS = 3;
export const TABLE_MAX_HEIGHT = 200;

/** Truncation: default 10 characters; pie slice names 20; a pie shows the top 5, labels hidden under 3 %. */
export const TRUNCATE_DEFAULT = 10;
export const PIE_NAME_LENGTH = 20;
export const PIE_TOP = 5;
export const PIE_LABEL_MIN_PERCENT = 3;

/** Debounces (spec part 1 §9). */
export const CHART_FETCH_DEBOUNCE_MS = 500;
export const SESSIONS_PAGE_DEBOUNCE_MS = 500;
export const DRILL_DOWN_DEBOUNCE_MS = 1000;

/** Defaults (spec part 1 §3). */
export const DEFAULT_DASHBOARD_NAME = 'New Dashboard';
export const DEFAULT_METRIC_NAME = 'New Metric';
export const DEFAULT_DASHBOARD_RANGE = 'LAST_7_DAYS' as const;

/** The toasts (spec part 1 §8), word for word. */
export const TOASTS = {
  positionUpdated: 'Widget position updated',
  positionFailed: 'Error updating widget position',
  dashboardCreated: 'Dashboard created successfully',
  dashboardUpdated: 'Dashboard updated successfully',
  dashboardSaveFailed: 'Error saving dashboard',
  dashboardDeleted: 'Dashboard deleted successfully',
  dashboardDeleteFailed: 'Dashboard could not be deleted',
  widgetDeleted: 'Widget deleted successfully',
  widgetAdded: 'Widget added successfully',
  widgetAddFailed: 'Widget could not be added',
  dashboardPinned: 'Dashboard pinned successfully',
  dashboardPinFailed: 'Dashboard could not be pinned',
  metricCreated: 'Metric created successfully',
  metricUpdated: 'Metric updated successfully',
  metricSaveFailed: 'Error saving metric',
  metricDeleted: 'Metric deleted successfully',
} as const;

/** Texts of the card and the editor (spec part 1 §2, §8). */
export const PREDEFINED_EDIT_REFUSAL = 'Cannot edit system generated metrics';
export const REMOVE_FROM_VIEW = 'Remove from view';
export const SET_ALERT = 'Set Alert';
export const WIDGET_NOT_SUPPORTED = 'Widget not supported';
export const UNKNOWN_VIEW = 'Unknown';
export const DELETE_METRIC_QUESTION = 'Are you sure you want to permanently delete this metric?';
export const EMPTY_SERIES_TEXT = 'Add user event or filter to define the series by clicking Add Step.';
export const EMPTY_TABLE_SERIES_TEXT = 'Filter data using any event or attribute. Use Add Step button below to do so.';
export const NO_RECORDINGS = 'No recordings found';
