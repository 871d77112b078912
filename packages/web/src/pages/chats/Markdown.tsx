import { useEffect, useState } from 'react';

type Render = (text: string) => string;
let loaded: Render | null = null;
let loading: Promise<Render> | null = null;

/** Loads the markdown renderer once, in its own chunk (it is not part of the initial JavaScript). */
function loadRenderer(): Promise<Render> {
  loading ??= import('./markdown-render').then((m) => {
    loaded = m.renderMarkdown;
    return loaded;
  });
  return loading;
}

/**
 * A message's text as markdown. Until the renderer has loaded the text shows as it is; model text never
 * becomes HTML elements (see markdown-render.ts).
 */
export function Markdown({ text }: { text: string }) {
  const [render, setRender] = useState<Render | null>(() => loaded);
  useEffect(() => {
    if (render) return;
    let live = true;
    loadRenderer().then((r) => live && setRender(() => r));
    return () => {
      live = false;
    };
  }, [render]);
  if (!render) return <div className="message-text plain">{text}</div>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with html:false escapes every tag in the text
  return <div className="message-text markdown" dangerouslySetInnerHTML={{ __html: render(text) }} />;
}
