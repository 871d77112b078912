/** The two text protocols: Luker's XML block, or one JSON object with a `tool_calls` list. */
export type ProtocolStyle = 'xml' | 'json';

export interface RenderableCall {
  name: string;
  args: unknown;
}

/** Wraps text in CDATA; a `]]>` inside is split across two sections, the standard XML way. */
export function toCdata(text: string): string {
  return `<![CDATA[${text.split(']]>').join(']]]]><![CDATA[>')}]]>`;
}

/** Calls in the protocol's own form, trigger line first — how the model is asked to write them. */
export function renderCalls(calls: RenderableCall[], style: ProtocolStyle, trigger: string): string {
  if (style === 'json') {
    const list = calls.map((c) => ({ name: c.name, arguments: c.args ?? {} }));
    return `${trigger}\n${JSON.stringify({ tool_calls: list })}`;
  }
  const entries = calls.map(
    (c) =>
      `<function_call>\n<tool>${c.name}</tool>\n<args_json>${toCdata(JSON.stringify(c.args ?? {}))}</args_json>\n</function_call>`,
  );
  return `${trigger}\n<function_calls>\n${entries.join('\n')}\n</function_calls>`;
}
