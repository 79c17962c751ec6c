// The player's bottom panels: the player page renders PLAYER_PANELS and guards the DEV_TOOLS ones.
import { lazy } from 'react';
import type { PlayerPanel } from './panel-types.js';
import { ConsolePanel } from './console.panel.js';
import { ErrorsPanel } from './errors.panel.js';
import { EventsPanel } from './events.panel.js';
import { IssuesPanel } from './issues.panel.js';
import { MetadataPanel } from './metadata.panel.js';
import { NetworkPanel } from './network.panel.js';

// Highcharts is most of the player's weight: it loads when the performance panel first opens,
// so the recording's first frame never waits for it.
const PerformancePanel = lazy(() => import('./performance.panel.js').then((m) => ({ default: m.PerformancePanel })));

export const PLAYER_PANELS: readonly PlayerPanel[] = [
  { id: 'console', label: 'Console', needsDevTools: true, component: ConsolePanel },
  { id: 'network', label: 'Network', needsDevTools: true, component: NetworkPanel },
  { id: 'errors', label: 'Errors', needsDevTools: false, component: ErrorsPanel },
  { id: 'performance', label: 'Performance', needsDevTools: true, component: PerformancePanel },
  { id: 'events', label: 'Events', needsDevTools: false, component: EventsPanel },
  { id: 'issues', label: 'Issues', needsDevTools: false, component: IssuesPanel },
  { id: 'metadata', label: 'Metadata', needsDevTools: false, component: MetadataPanel },
];

export type { PanelProps, PlayerPanel } from './panel-types.js';
export { resourceSeverity } from './resource-severity.js';
export type { ResourceSeverity } from './resource-severity.js';
export { IssueIcon } from '../../common/issue-icons.js';
