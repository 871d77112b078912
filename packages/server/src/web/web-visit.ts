import type { OutboundFetch } from '../executors/outbound-fetch.js';
import { squeeze } from './squeeze-text.js';

/** The most a page may weigh before it is read (the fetch stops there). */
export const MAX_PAGE_BYTES = 1024 * 1024;
export const DEFAULT_VISIT_CHARS = 12_000;
export const MAX_VISIT_CHARS = 50_000;

export interface VisitedPage {
  title: string;
  /** the URL that answered, after redirects (without credentials) */
  url: string;
  text: string;
  /** the readable text was longer than `maxChars` and was cut */
  truncated: boolean;
}

function contentType(headers: Record<string, string | string[] | undefined>): string {
  const raw = headers['content-type'];
  return (Array.isArray(raw) ? raw[0] : (raw ?? '')).split(';')[0]!.trim().toLowerCase();
}

/**
 * Fetches a page under the webhook SSRF policy (https only unless local URLs are enabled, private addresses
 * refused, every redirect re-checked, 1 MiB at most) and returns its readable text, cut at `maxChars`.
 */
export async function visitPage(
  fetcher: OutboundFetch,
  url: string,
  options: { maxChars: number; signal?: AbortSignal },
): Promise<VisitedPage> {
  const response = await fetcher(url, {
    method: 'GET',
    headers: { accept: 'text/html, application/xhtml+xml, text/plain;q=0.9, application/json;q=0.5' },
    maxResponseBytes: MAX_PAGE_BYTES,
    signal: options.signal,
  });
  const type = contentType(response.headers);
  const body = response.body.toString('utf8');
  let page: { title: string; text: string };
  if (type === 'text/html' || type === 'application/xhtml+xml' || (type === '' && /<html[\s>]/i.test(body))) {
    // loaded on the first visit: the DOM and Readability take ~0.2 s to load, most servers never visit a page
    const { readableText } = await import('./readable-text.js');
    page = readableText(body);
  } else if (type.startsWith('text/') || type === 'application/json' || type.endsWith('+json')) {
    page = { title: '', text: squeeze(body) };
  } else {
    throw new Error(
      `${new URL(response.url).origin} answered ${type || 'an unknown type'}, not a readable page.`,
    );
  }
  const truncated = page.text.length > options.maxChars;
  return {
    title: page.title.trim(),
    url: response.url,
    text: truncated ? `${page.text.slice(0, options.maxChars)}…` : page.text,
    truncated,
  };
}
