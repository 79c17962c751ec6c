/** Where a run's files live in the blob store, and the API paths that serve them. */
export const screenshotKey = (projectId: number, runId: number, order: number) => `synthetic/${projectId}/runs/${runId}/step-${order}.jpg`;
export const videoKey = (projectId: number, runId: number) => `synthetic/${projectId}/runs/${runId}/video.webm`;
export const screenshotPath = (projectId: number, runId: number, order: number) => `/api/${projectId}/runs/${runId}/screenshots/${order}`;
export const videoPath = (projectId: number, runId: number) => `/api/${projectId}/runs/${runId}/video`;
