import type { InvokeDialect } from '../invoke-block.js';
import type { ParamDialect } from '../kv-params.js';
import type { TextCallFormat } from '../parser-types.js';

function qwenParams(format: TextCallFormat, ends: string[]): ParamDialect {
  return {
    format,
    open: '<parameter=',
    keyEnd: '>',
    close: '</parameter>',
    ends,
    // the template writes `<parameter=k>\nvalue\n</parameter>`
    trimNewlines: true,
  };
}

function qwenDialect(format: TextCallFormat, blockClose: string): InvokeDialect {
  return {
    format,
    invoke: '<function=',
    nameEnd: '>',
    params: qwenParams(format, blockClose ? ['</function>', blockClose] : ['</function>']),
    invokeClose: '</function>',
    blockClose,
    skip: [],
    junk: 'end',
    // Llama 3.1's custom tools write the same tag with a JSON body: `<function=NAME>{…}</function>`
    jsonBody: true,
  };
}

/** Inside `<tool_call>`: `<function=NAME><parameter=KEY>v</parameter></function></tool_call>`. */
export const QWEN_IN_TOOL_CALL = qwenDialect('qwen3-coder', '</tool_call>');
/** Seed-OSS wraps the same body in `<seed:tool_call>`. */
export const SEED_OSS = qwenDialect('seed-oss', '</seed:tool_call>');
export const QWEN_BARE = qwenDialect('qwen3-coder', '');
/** Llama 3.1's custom tool calls, `<function=NAME>{…}</function>`, when Llama is the chosen family. */
export const LLAMA_FUNCTION = qwenDialect('llama', '');
