/**
 * A fetch wrapper that keeps cookies like one browser would, for API tests that follow a
 * shopper through several calls.
 */
export interface ClientResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class ShopperClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: {
      form?: Record<string, string>;
      json?: unknown;
      body?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<ClientResponse<T>> {
    const headers: Record<string, string> = { ...this.defaultHeaders, ...options.headers };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined = options.body;
    if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some(
        (a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0\b/i.test(a.trim()),
      );
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Pages answer HTML.
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers: headers ?? {} });
  }

  postForm<T = Record<string, unknown>>(
    path: string,
    form: Record<string, string>,
    headers?: Record<string, string>,
  ) {
    return this.request<T>('POST', path, { form, headers: headers ?? {} });
  }

  postJson<T = Record<string, unknown>>(
    path: string,
    json: unknown,
    headers?: Record<string, string>,
  ) {
    return this.request<T>('POST', path, { json, headers: headers ?? {} });
  }
}
