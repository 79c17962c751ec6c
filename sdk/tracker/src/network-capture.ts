import type { NetworkRequest } from './options';
import { absoluteUrl, bodySize, bodyText, headersToRecord, isTextual, parseRawHeaders, sanitizeRequest, type NetworkPolicy } from './network';

const MAX_READ = 10_000;

type Emit = (req: NetworkRequest) => void;

interface XhrState {
  method: string;
  url: string;
  start: number;
  headers: Record<string, string>;
  body?: unknown;
}

/**
 * Wraps `fetch` and `XMLHttpRequest` to record each request. The site's own calls behave
 * exactly as before (same arguments, same results, same errors); every recorded request goes
 * through `sanitizeRequest`. Returns a function that restores the originals.
 */
export function installNetworkCapture(win: Window & typeof globalThis, policy: NetworkPolicy, emit: Emit): () => void {
  const now = () => win.performance?.now?.() ?? Date.now();
  const record = (req: NetworkRequest) => {
    const clean = sanitizeRequest(req, policy);
    if (clean) emit(clean);
  };
  const restores: Array<() => void> = [];

  const originalFetch = win.fetch;
  if (typeof originalFetch === 'function') {
    const wrapped = function (this: unknown, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const start = now();
      const isRequest = typeof Request !== 'undefined' && input instanceof Request;
      const url = absoluteUrl(isRequest ? (input as Request).url : String(input), win.location?.href);
      const method = (init?.method || (isRequest ? (input as Request).method : 'GET')).toUpperCase();
      const promise = originalFetch.call(win, input as RequestInfo, init);
      // Our own traffic is not recorded: skip the work, not just the event.
      if (sanitizeRequest({ kind: 'fetch', url, method, status: 0, duration: 0 }, { ...policy, sanitizer: undefined }) === null) return promise;
      const base: NetworkRequest = { kind: 'fetch', url, method, status: 0, duration: 0, requestSize: bodySize(init?.body) };
      if (policy.capturePayloads) {
        base.requestHeaders = headersToRecord(init?.headers ?? (isRequest ? (input as Request).headers : undefined));
        base.requestBody = bodyText(init?.body);
      }
      promise.then(
        async (response) => {
          const req: NetworkRequest = { ...base, status: response.status, duration: now() - start };
          const length = response.headers.get('content-length');
          if (length && /^\d+$/.test(length)) req.responseSize = Number(length);
          if (policy.capturePayloads) {
            req.responseHeaders = headersToRecord(response.headers);
            // Reading a copy of a large body would hold it in memory twice.
            if (isTextual(response.headers.get('content-type')) && (req.responseSize ?? 0) <= 1_000_000) {
              try {
                const text = await response.clone().text();
                req.responseSize ??= text.length;
                req.responseBody = text.slice(0, MAX_READ);
              } catch {
                // Body already used or stream failed: keep the rest.
              }
            }
          }
          record(req);
        },
        () => record({ ...base, status: 0, duration: now() - start }),
      );
      return promise;
    };
    win.fetch = wrapped as typeof fetch;
    restores.push(() => {
      if (win.fetch === wrapped) win.fetch = originalFetch;
    });
  }

  const Xhr = win.XMLHttpRequest;
  if (typeof Xhr === 'function') {
    const proto = Xhr.prototype;
    const { open, send, setRequestHeader } = proto;
    const states = new WeakMap<XMLHttpRequest, XhrState>();
    proto.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
      states.set(this, { method: String(method).toUpperCase(), url: absoluteUrl(String(url), win.location?.href), start: 0, headers: {} });
      return (open as (...a: unknown[]) => void).call(this, method, url, ...rest);
    } as typeof proto.open;
    proto.setRequestHeader = function (this: XMLHttpRequest, name: string, value: string) {
      const s = states.get(this);
      if (s) s.headers[name.toLowerCase()] = value;
      return setRequestHeader.call(this, name, value);
    };
    proto.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      const s = states.get(this);
      if (s) {
        s.start = now();
        s.body = body;
        this.addEventListener('loadend', () => {
          const req: NetworkRequest = { kind: 'xhr', url: s.url, method: s.method, status: this.status, duration: now() - s.start, requestSize: bodySize(body) };
          let text: string | undefined;
          try {
            text = this.responseType === '' || this.responseType === 'text' ? this.responseText : undefined;
          } catch {
            text = undefined;
          }
          const length = this.getResponseHeader?.('content-length');
          if (length && /^\d+$/.test(length)) req.responseSize = Number(length);
          else if (text !== undefined) req.responseSize = text.length;
          if (policy.capturePayloads) {
            req.requestHeaders = s.headers;
            req.requestBody = bodyText(body);
            req.responseHeaders = parseRawHeaders(this.getAllResponseHeaders?.() ?? '');
            if (text !== undefined) req.responseBody = text.slice(0, MAX_READ);
          }
          record(req);
        });
      }
      return send.call(this, body);
    };
    restores.push(() => {
      proto.open = open;
      proto.send = send;
      proto.setRequestHeader = setRequestHeader;
    });
  }

  return () => restores.forEach((r) => r());
}
