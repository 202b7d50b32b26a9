/** The browser's one HTTP client for the shop's calls: form-encoded or JSON bodies, JSON answers. */
export interface JsonResponse<T> {
  ok: boolean;
  status: number;
  data: T;
  headers: Headers;
}

/** Reads an answer's text; the checkout passes its own reader that repairs a broken answer. */
export type AnswerReader = (text: string) => unknown;

async function send<T>(
  url: string,
  init: RequestInit,
  read: AnswerReader = JSON.parse,
): Promise<JsonResponse<T>> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    ...init,
    headers: { Accept: 'application/json', ...init.headers },
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? read(text) : null;
  } catch {
    data = { code: 'invalid_json', message: text.slice(0, 200) };
  }
  return { ok: response.ok, status: response.status, data: data as T, headers: response.headers };
}

/** A GET of a JSON answer (the forms' ALTCHA challenge). */
export function getJson<T>(url: string, signal?: AbortSignal): Promise<JsonResponse<T>> {
  return send<T>(url, { method: 'GET', signal: signal ?? null });
}

export function postForm<T>(
  url: string,
  fields: Record<string, string> | FormData | URLSearchParams,
  options: { signal?: AbortSignal; headers?: Record<string, string>; read?: AnswerReader } = {},
): Promise<JsonResponse<T>> {
  const body =
    fields instanceof URLSearchParams
      ? fields
      : new URLSearchParams(fields as Record<string, string>);
  return send<T>(
    url,
    {
      method: 'POST',
      body,
      signal: options.signal ?? null,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...options.headers },
    },
    options.read,
  );
}

/**
 * A multipart post of a whole form (files included): the browser writes the boundary itself.
 * Cross-origin callers (the forms' embed on a foreign page) send no cookies: `same-origin`.
 */
export function postMultipart<T>(
  url: string,
  body: FormData,
  options: { signal?: AbortSignal } = {},
): Promise<JsonResponse<T>> {
  return send<T>(url, { method: 'POST', body, signal: options.signal ?? null });
}

/** A JSON body (the WordPress REST calls, e.g. the coming-soon banner's dismissal). */
export function postJson<T>(
  url: string,
  body: unknown,
  options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<JsonResponse<T>> {
  return send<T>(url, {
    method: 'POST',
    body: JSON.stringify(body),
    signal: options.signal ?? null,
    headers: { 'Content-Type': 'application/json', ...options.headers },
  });
}

/** `/?wc-ajax=%%endpoint%%` filled in (CONTRACT §2). */
export function wcAjaxUrl(endpoint: string): string {
  return `/?wc-ajax=${encodeURIComponent(endpoint)}`;
}
