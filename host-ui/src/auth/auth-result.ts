import type { Account, ApiClient, Client } from '@cassette/plugin-sdk/ui';

/** What login, signup, password reset and password change return: the session to store. */
export interface AuthResult {
  jwt: string;
  account: Account;
  client: Client;
}

/** Calls a login-like route and unpacks `{ data: { account, client }, jwt }`. */
export async function authCall(api: ApiClient, path: string, body: unknown): Promise<AuthResult> {
  const response = await api.request<{ account: Account; client: Client }>('POST', path, body);
  if (!response.jwt) throw new Error('The server did not return a session token.');
  return { jwt: response.jwt, account: response.data.account, client: response.data.client };
}
