import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { OutboundFetch } from '../executors/outbound-fetch.js';

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

const squeeze = (s: string) =>
  s
    .replace(/\r/g, '')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The readable text of an HTML page: Mozilla Readability on a server-side DOM, else the body's text. */
export function readableText(html: string): { title: string; text: string } {
  const { document } = parseHTML(html);
  const fallbackTitle = document.title ?? '';
  let article: { title?: string | null; textContent?: string | null } | null = null;
  try {
    article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
  } catch {
    article = null;
  }
  if (article?.textContent && article.textContent.trim() !== '') {
    return { title: article.title || fallbackTitle, text: squeeze(article.textContent) };
  }
  // Readability found no article (a short page): the body's text, without scripts and styles
  const { document: plain } = parseHTML(html);
  for (const node of plain.querySelectorAll('script, style, noscript, template')) node.remove();
  return {
    title: fallbackTitle,
    text: squeeze(plain.body?.textContent ?? plain.documentElement?.textContent ?? ''),
  };
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
