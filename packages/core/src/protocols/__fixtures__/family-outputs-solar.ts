/**
 * Model outputs of Upstage Solar Open2 (family `solar`), as vLLM's solar_open2 parser reads them, special
 * tokens shown: `<|tool_call:start|>NAME\n` then `<|tool_arg:start|>K<|tool_arg:value|>V<|tool_arg:end|>\n`
 * lines and `<|tool_call:end|>`, calls back to back (maybe on lines of their own), no wrapper. Values typed
 * from the schema. The template opens `<|think:start|>` in the prompt, so the reasoning usually shows only
 * its end. Text before, reasoning, two calls, unicode and escapes, nested, no arguments, typed values, an
 * unclosed call ended by the next, a truncated last call.
 */

import type { Call } from './family-render.js';
import {
  ALARM,
  cut,
  type FamilyCase,
  NESTED,
  OSLO,
  PING,
  params,
  UNICODE,
  WEATHER,
} from './family-render.js';

/** One Solar Open2 call, as its template writes it. */
export const solar = (c: Call): string =>
  `<|tool_call:start|>${c.name}\n${params(c, '<|tool_arg:start|>', '<|tool_arg:value|>', '<|tool_arg:end|>', '\n')}<|tool_call:end|>`;

export const SOLAR_FAMILY_CASES: FamilyCase[] = [
  {
    family: 'solar',
    label: 'text before one call',
    text: `Let me check the weather in Paris.${solar(WEATHER)}`,
    calls: [WEATHER],
    content: 'Let me check the weather in Paris.',
  },
  {
    family: 'solar',
    label: 'two calls on lines of their own',
    text: `I'll check both.${solar(OSLO)}\n${solar(PING)}`,
    calls: [OSLO, PING],
    content: "I'll check both.",
  },
  {
    family: 'solar',
    label: 'two calls back to back',
    text: `${solar(WEATHER)}${solar(NESTED)}`,
    calls: [WEATHER, NESTED],
    content: '',
  },
  {
    family: 'solar',
    label: 'reasoning opened by the template, then a call',
    text: `사용자가 오슬로 날씨를 묻는다. get_weather를 쓰자.<|think:end|>날씨를 확인할게요.${solar(OSLO)}`,
    openReasoning: '<|think:start|>',
    calls: [OSLO],
    content: '날씨를 확인할게요.',
    reasoning: '사용자가 오슬로 날씨를 묻는다. get_weather를 쓰자.',
  },
  {
    family: 'solar',
    label: 'reasoning in both tokens',
    text: `<|think:start|>Need Paris weather.<|think:end|>${solar(WEATHER)}`,
    calls: [WEATHER],
    content: '',
    reasoning: 'Need Paris weather.',
  },
  {
    family: 'solar',
    label: 'unicode, quotes, backslashes and a new line in values',
    text: `메모를 저장할게요.\n${solar(UNICODE)}`,
    calls: [UNICODE],
    content: '메모를 저장할게요.\n',
  },
  {
    family: 'solar',
    label: 'nested arguments as JSON',
    text: solar(NESTED),
    calls: [NESTED],
    content: '',
  },
  {
    family: 'solar',
    label: 'no arguments',
    text: '<|tool_call:start|>ping\n<|tool_call:end|>',
    calls: [PING],
    content: '',
  },
  {
    family: 'solar',
    label: 'typed values (boolean, null, a string of digits)',
    text: `Setting your alarm.${solar(ALARM)}`,
    calls: [ALARM],
    content: 'Setting your alarm.',
  },
  {
    family: 'solar',
    label: 'a call left unclosed ends at the next',
    text: `${solar(OSLO).replace('<|tool_call:end|>', '')}${solar(PING)}`,
    calls: [OSLO, PING],
    content: '',
  },
  {
    family: 'solar',
    label: 'a truncated last call',
    text: cut(`${solar(PING)}\n${solar(WEATHER)}`, 40),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
];
