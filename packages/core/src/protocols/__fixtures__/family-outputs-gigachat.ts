/**
 * Model outputs of GigaChat (Sber, ai-sage), as vLLM's gigachat3 / gigachat35 parsers read them, special tokens
 * shown. GigaChat 3: text, `<|message_sep|>` + a blank line, the role header `function call<|role_sep|>` and one
 * `{"name": .., "arguments": {..}}`, perhaps `</s>`; GigaChat 3.1: text then `<|function_call|>` and the same
 * object; GigaChat 3.5: a GCML block (DeepSeek V3.2's DSML with `｜GCML｜` inside `tool_calls`), its reasoning
 * checkpoint's `<think>` opened by the template. Text before, reasoning, unicode and escapes, nested, typed, no
 * arguments, an invented result, an unknown tool, a truncated last call.
 */

import type { Call } from './family-render.js';
import {
  ALARM,
  cut,
  dumps,
  type FamilyCase,
  jsonCall,
  NESTED,
  OSLO,
  PING,
  UNICODE,
  WEATHER,
} from './family-render.js';

/** GigaChat 3: the end of the text's message, then a message in the role `function call`. */
export const gigachat3 = (c: Call, ascii = false): string =>
  `<|message_sep|>\n\nfunction call<|role_sep|>\n${jsonCall(c, 'arguments', ascii)}`;

/** GigaChat 3.1: the call token right after the text. */
export const gigachat31 = (c: Call, ascii = false): string =>
  `<|function_call|>${jsonCall(c, 'arguments', ascii)}`;

/** GigaChat 3.5: a GCML block, strings as written (`string="true"`), anything else as JSON. */
export const gcml = (...calls: Call[]): string =>
  `<｜GCML｜tool_calls>\n${calls
    .map(
      (c) =>
        `<｜GCML｜invoke name="${c.name}">\n${Object.entries(c.args)
          .map(
            ([k, v]) =>
              `<｜GCML｜parameter name="${k}" string="${typeof v === 'string'}">${typeof v === 'string' ? v : dumps(v)}</｜GCML｜parameter>\n`,
          )
          .join('')}</｜GCML｜invoke>`,
    )
    .join('\n')}\n</｜GCML｜tool_calls>`;

export const GIGACHAT_FAMILY_CASES: FamilyCase[] = [
  {
    family: 'gigachat',
    label: 'gigachat 3: text before, end of sequence after',
    text: `Сейчас проверю прогноз.${gigachat3(WEATHER)}</s>`,
    calls: [WEATHER],
    content: 'Сейчас проверю прогноз.',
  },
  {
    family: 'gigachat',
    label: 'gigachat 3: no text, no arguments',
    text: gigachat3(PING),
    calls: [PING],
    content: '',
  },
  {
    family: 'gigachat',
    label: 'gigachat 3: a function result it went on to invent is dropped',
    text: `${gigachat3(OSLO)}<|message_sep|>\n\nfunction result<|role_sep|>\n{"temperature": 12, "sky": "clear"}<|message_sep|>\n\nassistant<|role_sep|>\nВ Осло +12.`,
    calls: [OSLO],
    content: '',
  },
  {
    family: 'gigachat',
    label: 'gigachat 3: nested arguments',
    text: `I'll save the plan.\n${gigachat3(NESTED)}<|message_sep|>\n\n`,
    calls: [NESTED],
    content: "I'll save the plan.\n",
  },
  {
    family: 'gigachat',
    label: 'gigachat 3: an answer ends its message',
    text: 'Готово: 2 + 2 = 4.<|message_sep|>',
    calls: [],
    content: 'Готово: 2 + 2 = 4.',
  },
  {
    family: 'gigachat',
    label: 'gigachat 3.1: text before',
    text: `Let me look that up.${gigachat31(WEATHER)}`,
    calls: [WEATHER],
    content: 'Let me look that up.',
  },
  {
    family: 'gigachat',
    label: 'gigachat 3.1: unicode and escapes, end of sequence after',
    text: `${gigachat31(UNICODE, true)}</s>`,
    calls: [UNICODE],
    content: '',
  },
  {
    family: 'gigachat',
    label: 'gigachat 3.1: an unknown tool stays text',
    text: 'Запускаю.<|function_call|>{"name": "launch_rockets", "arguments": {"count": 3}}',
    calls: [],
    content: 'Запускаю.<|function_call|>{"name": "launch_rockets", "arguments": {"count": 3}}',
  },
  {
    family: 'gigachat',
    label: 'gigachat 3.1: a truncated call',
    text: `Checking.${cut(gigachat31(WEATHER), 6)}`,
    calls: [],
    content: 'Checking.',
    errors: ['truncated'],
  },
  {
    family: 'gigachat',
    label: 'gigachat 3.5: text before, two calls',
    text: `Сейчас узнаю погоду.${gcml(WEATHER, PING)}</s>`,
    calls: [WEATHER, PING],
    content: 'Сейчас узнаю погоду.',
  },
  {
    family: 'gigachat',
    label: 'gigachat 3.5: unicode as written, typed values',
    text: `Ищу в заметках…\n${gcml(UNICODE, ALARM)}`,
    calls: [UNICODE, ALARM],
    content: 'Ищу в заметках…\n',
  },
  {
    family: 'gigachat',
    label: 'gigachat 3.5: reasoning opened by the template',
    text: `Пользователь спрашивает о погоде в Париже на три дня.</think>\n\n${gcml(WEATHER)}`,
    openReasoning: '<think>',
    calls: [WEATHER],
    content: '',
    reasoning: 'Пользователь спрашивает о погоде в Париже на три дня.',
  },
  {
    family: 'gigachat',
    label: 'gigachat 3.5: nested arguments',
    text: gcml(NESTED),
    calls: [NESTED],
    content: '',
  },
  {
    family: 'gigachat',
    label: 'gigachat 3.5: a truncated last call',
    text: cut(gcml(PING, WEATHER), 40),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
];
