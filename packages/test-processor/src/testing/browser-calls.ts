import { TEST_PROCESSOR_PATH, TEST_PUBLISHABLE_KEY } from '../keys.ts';

/** A call as the browser makes it: form-encoded, with the publishable key. */
export async function browserCall(
  baseUrl: string,
  path: string,
  fields: Record<string, string> | null,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}${TEST_PROCESSOR_PATH}/v1${path}`, {
    method: fields ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${TEST_PUBLISHABLE_KEY}`,
      ...(fields && { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    body: fields ? new URLSearchParams(fields) : null,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Posts one of the processor's page forms as a browser would, without following the redirect. */
export async function submitForm(
  pageUrl: string,
  fields: Record<string, string>,
): Promise<{ status: number; location: string | null; html: string }> {
  const response = await fetch(pageUrl.split('?')[0]!, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: await response.text(),
  };
}
