// Texts of the alert panel and form (spec part 1 §2 "Side panels", §8, §9).
import { permanentDeleteQuestion } from '@cassette/plugin-sdk/ui';

export const PANEL_TITLE = 'Alerts';
export const SEARCH_PLACEHOLDER = 'Search by Name or Metric';
/** Spec §2: the alert form is a right-side panel 580 px wide, full height. */
export const FORM_WIDTH = 580;
export const DELETE_QUESTION = permanentDeleteQuestion('this alert');
/** Spec §9: in-app notification is the channel when none is selected. */
export const IN_APP_NOTE = 'With no channel selected, the alert is shown in the app (the alerts bell).';

// Toasts in the wording of the metric ones (spec §8 names none for alerts).
export const ALERT_CREATED = 'Alert created successfully';
export const ALERT_UPDATED = 'Alert updated successfully';
export const ALERT_SAVE_FAILED = 'Error saving alert';
export const ALERT_DELETED = 'Alert deleted successfully';
export const ALERT_DELETE_FAILED = 'Alert could not be deleted';
