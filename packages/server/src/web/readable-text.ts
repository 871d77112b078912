import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { squeeze } from './squeeze-text.js';

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
