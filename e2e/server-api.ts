/**
 * The journeys' own calls to the test server's API, for the data a journey sets up around what it
 * clicks through (an event, a family, a paid purchase): JSON in and out, an optional bearer token,
 * and any answer other than 2xx thrown with its body so a failed set-up says why.
 */
import { baseUrl } from './browser';

export async function callApi<T = Record<string, unknown>>(
  pathname: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok)
    throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
