// Wire types of the synthetic plugin (spec part 2 §3: Run, Test, Test step, Scheduler,
// Environment, Variable, Template). Used by the server's routes and the browser alike.

/** Spec: framework default selenium; others cypress, any. */
export const TEST_FRAMEWORKS = ['selenium', 'cypress', 'any'] as const;
export type TestFramework = (typeof TEST_FRAMEWORKS)[number];
export const DEFAULT_FRAMEWORK: TestFramework = 'selenium';
/** What a test can be exported as. */
export const EXPORT_FRAMEWORKS = ['playwright', 'cypress', 'selenium'] as const;
export type ExportFramework = (typeof EXPORT_FRAMEWORKS)[number];

export const DEFAULT_TEST_NAME = 'Unnamed Test';
export const STEP_TYPES = ['navigate', 'click', 'input', 'custom', 'test'] as const;
export type StepType = (typeof STEP_TYPES)[number];

interface StepBase {
  /** Stable within the test: moves and copies keep track of it. */
  key: string;
  name?: string;
  /** Set on steps that came in through an imported test. */
  imported?: boolean;
  isDisabled?: boolean;
}
export interface NavigateStep extends StepBase { type: 'navigate'; value: string }
export interface ClickStep extends StepBase { type: 'click'; selectors: string[] }
export interface InputStep extends StepBase { type: 'input'; selectors: string[]; value: string }
export interface CustomStep extends StepBase { type: 'custom'; code: string; framework?: TestFramework; template?: number }
/** Imports another test: its steps run in its place (`steps` is filled when answered). */
export interface ImportStep extends StepBase { type: 'test'; testId: number; steps?: TestStep[] }
export type TestStep = NavigateStep | ClickStep | InputStep | CustomStep | ImportStep;

export type RunState = 'queued' | 'running' | 'passed' | 'failed' | 'stopped';
export const FINISHED_STATES: readonly RunState[] = ['passed', 'failed', 'stopped'];

export interface RunSummary {
  runId: number;
  state: RunState;
  startedAt: number | null;
  finishedAt: number | null;
  scheduled: boolean;
}

export interface Test {
  testId: number;
  name: string;
  steps: TestStep[];
  framework: TestFramework;
  sessionId?: string;
  generated: boolean;
  tags: string[];
  /** Newest first, the last 20 runs. */
  runHistory: RunSummary[];
  editedAt: number;
  createdAt: number;
  /** Increases with every saved edit. */
  seqId: number;
  /** Percent of finished runs that passed (null before any). */
  uptime: number | null;
}

export const DEVICES = ['desktop', 'mobile'] as const;
export type Device = (typeof DEVICES)[number];
export const NETWORK_PROFILES = ['wifi', '4g', '3g', 'offline'] as const;
export type NetworkProfile = (typeof NETWORK_PROFILES)[number];

export interface Cookie { name: string; value: string }
export interface BasicAuth { username: string; password: string }

/** How a run is made: chosen when starting one, or kept by a scheduler. */
export interface RunOptions {
  environmentId?: number;
  device: Device;
  network: NetworkProfile;
  headers: Record<string, string>;
  cookies: Cookie[];
  basicAuth?: BasicAuth;
  bypassCSP: boolean;
}

export interface RunStepResult {
  order: number;
  label: string;
  title: string;
  type: StepType;
  status: 'passed' | 'failed' | 'skipped' | 'stopped';
  /** Milliseconds the step took. */
  timings: { start: number; duration: number };
  /** The step's screenshot (a path under the run's API), when taken. */
  screenshot?: string;
  /** Why it failed, as text (a timeout, a missing element, a thrown error). */
  info?: string;
}

export interface ConsoleEntry { level: string; value: string; time: number }
export interface NetworkEntry {
  url: string;
  method: string;
  type: string;
  status: number;
  duration: number;
  time: number;
  transferSize: number;
  failure?: string;
}
export interface NetworkOverview {
  transferredSize: number;
  resourcesSize: number;
  domBuildingTime: number;
  domContentLoadedTime: number;
  loadTime: number;
}
export interface LighthouseScores {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  /** Key metrics, ms (CLS unitless). */
  metrics: Record<string, number>;
  error?: string;
}

export interface Run {
  runId: number;
  testId: number;
  name: string;
  tags: string[];
  environment: Environment | null;
  scheduled: boolean;
  schedulerId?: number;
  browser: string;
  sessionId?: string;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  state: RunState;
  steps: RunStepResult[];
  consoleLogs: ConsoleEntry[];
  network: NetworkEntry[];
  networkOverview: NetworkOverview | null;
  lighthouse: LighthouseScores | null;
  /** Paths (under /api/{projectId}) of the last screenshot and the video, when made. */
  screenshot?: string;
  video?: string;
  device: Device;
  location: string;
  options: RunOptions;
  createdBy?: number;
  /** 'user' (started by hand) or 'scheduler'. */
  starter: 'user' | 'scheduler';
  /** Why the run failed or stopped as a whole. */
  failure?: string;
}

export interface Environment { environmentId: number; name: string; url: string; default: boolean }
export interface Variable { variableId: number; name: string; value: string }
export interface Template { templateId: number; name: string; code: string; framework: TestFramework; custom: boolean; tenantId?: number }

/** Spec §3: day -2 every N minutes, -1 every day, 0 (Monday) to 6 (Sunday) one weekday. */
export const SCHEDULE_EVERY = -2;
export const SCHEDULE_EVERYDAY = -1;
export const MIN_INTERVAL_MINUTES = 5;
export const MAX_INTERVAL_MINUTES = 1440;
export const DEFAULT_INTERVAL_MINUTES = 30;
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export interface SchedulerNotification { type: 'slack' | 'email' | 'webhook'; value: string }

export interface Scheduler {
  schedulerId: number;
  testId: number;
  name: string;
  minutes: number;
  /** UTC minutes of the day the run starts at (day -1 and 0..6), converted from the local hour. */
  hour: number;
  /** The hour as the member chose it, in `timezone`. */
  localHour: number;
  timezone: string;
  day: number;
  environmentId?: number;
  device: Device;
  locations: string[];
  advancedOptions: { headers: Record<string, string>; cookies: Cookie[]; basicAuth?: BasicAuth; network: NetworkProfile; bypassCSP: boolean };
  notifications: SchedulerNotification[];
  nextExecutionTime: number | null;
  numberOFExecutions: number;
  active: boolean;
  /** State of its newest finished run, for recovery notices. */
  lastState?: RunState;
}
