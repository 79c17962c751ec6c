/** What the player needs of the API client to ask for the project's asset token. */
export interface AssetTokenApi {
  get<T>(path: string): Promise<T>;
}

/**
 * The token the replay's asset URLs carry (`GET /api/{projectId}/assets/token`): the replay
 * iframe loads images, sheets, fonts and media without the login header. Null when it cannot be
 * had (an older server, a network error): the replay still opens, its assets then show broken.
 */
export async function fetchAssetToken(api: AssetTokenApi, projectId: number): Promise<string | null> {
  try {
    const answer = await api.get<{ token?: unknown }>(`/${projectId}/assets/token`);
    return typeof answer?.token === 'string' && answer.token !== '' ? answer.token : null;
  } catch {
    return null;
  }
}
