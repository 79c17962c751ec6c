/** App paths of the synthetic screens (spec part 1 §2 gives the builder's; the others are ours). */
export const testsPath = (siteId: number | string) => `/${siteId}/tests`;
export const builderPath = (siteId: number | string, testId?: number) => `/${siteId}/test-builder${testId ? `?testId=${testId}` : ''}`;
export const runPath = (siteId: number | string, runId: number) => `/${siteId}/tests/runs/${runId}`;
export const testSettingsPath = (siteId: number | string) => `/${siteId}/tests/settings`;
export const schedulersPath = (siteId: number | string) => `/${siteId}/tests/schedulers`;
