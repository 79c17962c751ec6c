// Public surface of the synthetic plugin: its wire types, as types only.
export type {
  ConsoleEntry,
  Environment,
  LighthouseScores,
  NetworkEntry,
  NetworkOverview,
  Run,
  RunOptions,
  RunState,
  RunStepResult,
  Scheduler,
  SchedulerNotification,
  Template,
  Test,
  TestFramework,
  TestStep,
  Variable,
} from './shared/model.js';
