// Test kit of the alerts plugin: a kernel with alerts and the plugins it reads, for the tests of plugins that add channels.
export { createAlertsTestKernel, type AlertsTestKernel } from './alerts-test-kernel.js';
export type { EvaluationOutcome } from '../server/evaluation/evaluate-alerts.js';
