/** The browser's API client: Bearer token, `{ data }`/`{ errors }` envelopes, empty values stripped. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
  ) {
    super(errors[0] ?? `Request failed (${status})`);
    this.name = 'ApiError';
  }
}

export const CONNECTION_ERROR = 'Connection error';

/** Drops undefined, null and '' (recursively), as the API conventions ask of payloads. */
export function stripEmpty<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => stripEmpty(v)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === undefined || v === null || v === '') continue;
      out[k] = stripEmpty(v);
    }
    return out as T;
  }
  return value;
}

export interface ApiClientOptions {
  baseUrl?: string;
  getToken(): string | null;
  /**
   * A call that carried a token was answered 401: the login is gone (expired, revoked, the
   * member deleted) and the host logs out. This is the only answer that logs anyone out.
   */
  onLoginGone?(): void;
  /**
   * A call that carried a token was answered 403: the login is fine, this one thing is not
   * allowed. The host stays logged in; the caller still gets the error to show. No 403 means
   * the login is gone, so none needs a code to say so.
   */
  onNotAllowed?(error: ApiError): void;
  /** The request never reached the server; the host shows 'Connection error'. */
  onConnectionError?(): void;
  fetchImpl?: typeof fetch;
}

interface Envelope<T> {
  data?: T;
  errors?: unknown[];
  jwt?: string;
}

export interface ApiResponse<T> {
  data: T;
  jwt?: string;
  [extra: string]: unknown;
}

export interface ApiClient {
  request<T>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>>;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  del<T>(path: string): Promise<T>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const doFetch = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  async function request<T>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: string | undefined;
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(stripEmpty(body));
    }
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, { method, headers, body: payload });
    } catch {
      options.onConnectionError?.();
      throw new ApiError(0, [CONNECTION_ERROR]);
    }
    let json: Envelope<T> | null = null;
    try {
      json = (await response.json()) as Envelope<T> | null;
    } catch {
      json = null;
    }
    if (!response.ok || (json && Array.isArray(json.errors) && json.errors.length > 0)) {
      const errors = (json?.errors ?? []).map((e) => (typeof e === 'string' ? e : String((e as { message?: string })?.message ?? e)));
      const error = new ApiError(response.status, errors.length ? errors : [`Request failed (${response.status})`]);
      if (token && response.status === 401) options.onLoginGone?.();
      if (token && response.status === 403) options.onNotAllowed?.(error);
      throw error;
    }
    return (json ?? { data: undefined }) as ApiResponse<T>;
  }
  return {
    request,
    get: async (path) => (await request<never>('GET', path)).data,
    post: async (path, body) => (await request<never>('POST', path, body ?? {})).data,
    put: async (path, body) => (await request<never>('PUT', path, body ?? {})).data,
    del: async (path) => (await request<never>('DELETE', path)).data,
  };
}
