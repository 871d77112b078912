import { GenerateTaskError } from '../base/errors.js';
import type { ToolChoice, ToolSpec } from '../providers/types.js';
import { type ProtocolStyle, renderCalls, toCdata } from './render-calls.js';
import { exampleArguments, renderToolGuide } from './tool-guide.js';
import { isTrigger } from './trigger.js';

export interface ToolProtocolPromptOptions {
  style: ProtocolStyle;
  toolChoice?: ToolChoice;
  /** a tool the model must call; same effect as `toolChoice: { name }` */
  requiredFunctionName?: string;
  /** the live trigger line from `createTrigger()` */
  trigger: string;
}

/** The tool the model must call, if any, after checking it exists. */
function requiredToolName(tools: ToolSpec[], options: ToolProtocolPromptOptions): string | undefined {
  const name =
    options.requiredFunctionName ??
    (typeof options.toolChoice === 'object' && options.toolChoice ? options.toolChoice.name : undefined);
  if (name === undefined) return undefined;
  if (!tools.some((t) => t.name === name)) {
    throw new GenerateTaskError(
      'invalid_input',
      `The required function "${name}" is not among the tools sent.`,
      {
        details: { requiredFunctionName: name, tools: tools.map((t) => t.name) },
      },
    );
  }
  return name;
}

function choiceWording(tools: ToolSpec[], options: ToolProtocolPromptOptions): string {
  const required = requiredToolName(tools, options);
  if (required) {
    return `In this reply you MUST call the tool \`${required}\`: write the trigger line and a call to \`${required}\`. Do not answer without calling it.`;
  }
  switch (options.toolChoice ?? 'auto') {
    case 'none':
      return 'In this reply do NOT call any tool: answer in plain text only, and do not write the trigger line.';
    case 'required':
      return 'In this reply you MUST call at least one tool. Do not answer without a tool call.';
    default:
      return 'Call a tool only when it helps with the request; otherwise answer normally without the trigger line.';
  }
}

function formatSection(style: ProtocolStyle, trigger: string): string {
  if (style === 'json') {
    return [
      `To call tools, write the trigger line \`${trigger}\` on a line of its own, then immediately one JSON object:`,
      '',
      trigger,
      '{"tool_calls":[{"name":"TOOL_NAME","arguments":{"PARAM":"VALUE"}}]}',
    ].join('\n');
  }
  return [
    `To call tools, write the trigger line \`${trigger}\` on a line of its own, then immediately exactly one <function_calls> block:`,
    '',
    trigger,
    '<function_calls>',
    '<function_call>',
    '<tool>TOOL_NAME</tool>',
    `<args_json>${toCdata('{"PARAM":"VALUE"}')}</args_json>`,
    '</function_call>',
    '</function_calls>',
  ].join('\n');
}

function rules(style: ProtocolStyle, trigger: string): string[] {
  const common = [
    `The trigger line \`${trigger}\` must appear exactly once, right before the calls, and only when you call tools.`,
    'Use only the tool names listed above, spelled exactly.',
    'Arguments are one JSON object: double-quoted keys and strings, no comments, no trailing commas. Keys must match the parameter names exactly. Give every required parameter; use {} when a tool takes none.',
    'Several independent calls go in the same block, one entry per call.',
    'Stop after the calls: the results come back in the next message as <tool_result name="TOOL_NAME">...</tool_result>. Never write tool results yourself.',
    'Text before the trigger line is allowed; calls drafted inside <think> blocks are ignored.',
  ];
  if (style === 'json') {
    return [
      ...common,
      'Write the object as {"tool_calls":[...]}; each entry has "name" and "arguments" (an object, not a string). A ```json fence around it is allowed.',
    ];
  }
  return [
    ...common,
    'Each <function_call> holds one <tool> and one <args_json>; the JSON goes inside <![CDATA[ ... ]]> and is never escaped or split into XML tags.',
  ];
}

function examples(tools: ToolSpec[], options: ToolProtocolPromptOptions, required?: string): string {
  const tool = tools.find((t) => t.name === required) ?? tools[0];
  const args = exampleArguments(tool.parameters);
  const { style, trigger } = options;
  const correct = renderCalls([{ name: tool.name, args }], style, trigger);
  // the two classic mistakes: no trigger line, and arguments not written as one JSON object
  const noTrigger = renderCalls([{ name: tool.name, args }], style, trigger)
    .slice(trigger.length + 1)
    .trimStart();
  const firstKey = Object.keys(args)[0] ?? 'PARAM';
  const firstValue = JSON.stringify(args[firstKey] ?? 'VALUE');
  const badArgs =
    style === 'json'
      ? `${trigger}\n{"tool_calls":[{"name":"${tool.name}","arguments":"${JSON.stringify(args).replace(/"/g, '\\"')}"}]}`
      : `${trigger}\n<function_calls>\n<function_call>\n<tool>${tool.name}</tool>\n<args_json><${firstKey}>${firstValue}</${firstKey}></args_json>\n</function_call>\n</function_calls>`;
  const badArgsWhy =
    style === 'json'
      ? 'Incorrect — "arguments" must be a JSON object, not a string holding JSON:'
      : 'Incorrect — arguments written as XML tags instead of one JSON object inside CDATA:';
  return [
    'Correct:',
    'Let me look that up.',
    correct,
    '',
    'Incorrect — the trigger line is missing, so nothing is called:',
    noTrigger,
    '',
    badArgsWhy,
    badArgs,
  ].join('\n');
}

/**
 * The system-prompt section that teaches a model without native tools how to call them: the tool guide,
 * the calling format with the live trigger, the rules, one correct and two incorrect examples, and what
 * the tool choice demands. prompt_xml follows Luker's protocol so its presets keep working.
 */
export function buildToolProtocolPrompt(tools: ToolSpec[], options: ToolProtocolPromptOptions): string {
  if (options.style !== 'xml' && options.style !== 'json') {
    throw new GenerateTaskError(
      'invalid_input',
      `Unknown protocol style "${String(options.style)}": use "xml" or "json".`,
    );
  }
  if (!isTrigger(options.trigger)) {
    throw new GenerateTaskError(
      'invalid_input',
      'The trigger must look like <Function_XXXX_Start/>; use createTrigger().',
    );
  }
  if (tools.length === 0) {
    throw new GenerateTaskError('invalid_input', 'buildToolProtocolPrompt needs at least one tool.');
  }
  const required = requiredToolName(tools, options);
  const numbered = rules(options.style, options.trigger).map((r, i) => `${i + 1}. ${r}`);
  return [
    '# Tools',
    'You can call the following tools. The system runs them and sends back their results.',
    '',
    renderToolGuide(tools),
    '',
    '# How to call tools',
    formatSection(options.style, options.trigger),
    '',
    '# Rules',
    ...numbered,
    '',
    '# Examples',
    examples(tools, options, required),
    '',
    '# Tool choice',
    choiceWording(tools, options),
  ].join('\n');
}
