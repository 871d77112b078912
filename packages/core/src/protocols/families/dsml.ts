import type { InvokeDialect } from '../invoke-block.js';
import type { ToolCallFamily } from '../parser-types.js';

/**
 * DeepSeek's DSML markup and its look-alikes: `<｜NAME｜WRAPPER>` then `<｜NAME｜invoke name="TOOL">` calls of
 * `<｜NAME｜parameter name="K" string="true|false">v</｜NAME｜parameter>` (DeepSeek V3.2 `DSML` in
 * `function_calls`, V4 in `tool_calls`; GigaChat 3.5 `GCML` in `tool_calls`).
 */
export function dsmlDialect(name: string, wrapper: string, format: ToolCallFamily): InvokeDialect {
  const tag = `｜${name}｜`;
  const blockClose = `</${tag}${wrapper}>`;
  return {
    format,
    invoke: `<${tag}invoke name="`,
    nameEnd: '"',
    params: {
      format,
      open: `<${tag}parameter name="`,
      keyEnd: '"',
      valueOpen: '>',
      close: `</${tag}parameter>`,
      ends: [`</${tag}invoke>`, blockClose],
      trimNewlines: false,
    },
    invokeClose: `</${tag}invoke>`,
    blockClose,
    skip: [],
    junk: 'end',
    jsonBody: false,
  };
}
