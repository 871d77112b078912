import { GenerateTaskError } from '../base/errors.js';
import { httpError, readJson, transportError } from '../providers/http.js';

/** GETs JSON from a provider; failures become GenerateTaskError the way requests do. */
export async function getJson(
  url: string,
  headers: Record<string, string>,
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<unknown> {
  const doFetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: options.signal,
    });
  } catch (error) {
    throw transportError(error, options.signal);
  }
  if (!response.ok) throw await httpError(response);
  const body = await readJson(response, options.signal);
  if (typeof body !== 'object' || body === null) {
    throw new GenerateTaskError('no_response', `The provider's answer from ${url} is not a JSON object.`);
  }
  return body;
}
