// Markdown for chat messages, loaded on demand (markdown-it is most of its weight). HTML in the text is never
// markup: `html: false` escapes every tag, so model text cannot create elements or run script.
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
// Images would load whatever address the model wrote (a tracking pixel); they stay text.
md.disable('image');

const defaultLink =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'noopener noreferrer nofollow');
  return defaultLink(tokens, idx, options, env, self);
};

// Roleplay dialogue: "quoted speech" gets its own colour, as in SillyTavern (text is escaped first).
md.renderer.rules.text = (tokens, idx) =>
  md.utils
    .escapeHtml(tokens[idx].content)
    .replace(/(&quot;[^\n]*?&quot;|“[^”\n]*”)/g, '<span class="dialogue">$1</span>');

/** The message text as HTML: markdown (italics for *actions*, bold, lists, code, quotes), no raw HTML. */
export function renderMarkdown(text: string): string {
  return md.render(text);
}
