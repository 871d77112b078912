import type { RequiredTextCall } from '../types.js';

/** A GBNF string literal (llama.cpp grammar syntax: double quotes, backslash escapes). */
function literal(text: string): string {
  const escaped = text
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n')
    .replace(/\t/g, '\\t');
  return `"${escaped}"`;
}

// JSON values, as in llama.cpp's grammars/json.gbnf (whitespace bounded so a model cannot pad forever).
const JSON_RULES = [
  'object ::= "{" ws ( string ws ":" ws value ( "," ws string ws ":" ws value )* )? ws "}"',
  'value ::= object | array | string | number | ( "true" | "false" | "null" )',
  'array ::= "[" ws ( value ( "," ws value )* )? ws "]"',
  'string ::= "\\"" ( [^"\\\\\\x7F\\x00-\\x1F] | "\\\\" ( ["\\\\/bfnrt] | "u" [0-9a-fA-F]{4} ) )* "\\""',
  'number ::= "-"? ( [0-9] | [1-9] [0-9]{0,15} ) ( "." [0-9]+ )? ( [eE] [-+]? [0-9]{1,3} )?',
  'ws ::= | " " | "\\n" [ \\t]{0,20}',
];

/**
 * The GBNF grammar that lets the model write only the trigger line and a call block in the protocol's form,
 * naming only the allowed tools, with arguments as one JSON object. KoboldCpp (`grammar`) and the llama.cpp
 * server (`grammar`) decode under it, so a required call cannot come out malformed or missing.
 */
export function toolCallGrammar(call: RequiredTextCall): string {
  const names = call.names.map(literal).join(' | ');
  const head = `root ::= ${literal(`${call.trigger}\n`)}`;
  if (call.style === 'json') {
    return [
      `${head} "{" ws "\\"tool_calls\\"" ws ":" ws "[" ws call ( ws "," ws call )* ws "]" ws "}"`,
      'call ::= "{" ws "\\"name\\"" ws ":" ws "\\"" name "\\"" ws "," ws "\\"arguments\\"" ws ":" ws object ws "}"',
      `name ::= ${names}`,
      ...JSON_RULES,
    ].join('\n');
  }
  return [
    `${head} "<function_calls>\\n" call ( "\\n" call )* "\\n</function_calls>"`,
    'call ::= "<function_call>\\n<tool>" name "</tool>\\n<args_json><![CDATA[" ws object ws "]]></args_json>\\n</function_call>"',
    `name ::= ${names}`,
    ...JSON_RULES,
  ].join('\n');
}
