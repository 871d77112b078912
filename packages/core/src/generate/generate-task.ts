import { GenerateTaskError, isGenerateTaskError } from '../base/errors.js';
import { createTrigger } from '../protocols/index.js';
import { getProviderAdapter } from '../providers/registry.js';
import type {
  ChatMessage,
  Connection,
  GenerationParams,
  ProviderAdapter,
  ProviderRequest,
  ToolChoice,
  ToolSpec,
  Usage,
} from '../providers/types.js';
import { assemblePrompt } from './assemble-prompt.js';
import {
  type AttemptOutcome,
  abortedError,
  addUsage,
  emptyAnswerError,
  emptyOutcome,
  sendAndCollect,
} from './attempt.js';
import { assertJsonSchemaCompiles, jsonSchemaInstruction, parseJsonAnswer } from './json-output.js';
import { markupOf, withContentToolCalls } from './native-content.js';
import { hasToolTraffic, renderHistoryPlain } from './plain-history.js';
import { resolveSource } from './resolve-source.js';
import {
  appendToSystem,
  createTextRouter,
  retryMessages,
  textModeMessages,
  textModeProblems,
} from './text-mode.js';
import type { ToolModeMemory, ToolModeOutcome } from './tool-mode-memory.js';
import { toolsUnsupportedSignal } from './tools-unsupported.js';
import type {
  GenerateContext,
  GenerateEvent,
  GenerateTaskDetails,
  GenerateTaskOptions,
  GenerateTaskResult,
  ProtocolStyleOption,
  ResolvedCallMode,
} from './types.js';
import { type NormalizedOptions, validateGenerateOptions } from './validate-options.js';

interface Resolved {
  connection: Connection;
  adapter: ProviderAdapter;
  params: GenerationParams;
  presetName?: string;
}

async function resolveConnection(
  ctx: GenerateContext,
  options: Pick<NormalizedOptions, 'apiPresetName' | 'llmPresetName'> & Pick<GenerateTaskOptions, 'params'>,
): Promise<Resolved> {
  const connections = (await resolveSource(ctx.connections)) ?? [];
  if (connections.length === 0) {
    throw new GenerateTaskError('invalid_input', 'No connection profile is configured.');
  }
  const connection =
    options.apiPresetName === undefined
      ? connections[0]
      : connections.find((c) => c.name === options.apiPresetName);
  if (!connection) {
    throw new GenerateTaskError(
      'invalid_input',
      `No connection profile is named "${options.apiPresetName}".`,
      {
        details: { apiPresetName: options.apiPresetName, available: connections.map((c) => c.name) },
      },
    );
  }
  const presets = (await resolveSource(ctx.presets)) ?? [];
  const preset =
    options.llmPresetName === undefined ? presets[0] : presets.find((p) => p.name === options.llmPresetName);
  if (options.llmPresetName !== undefined && !preset) {
    throw new GenerateTaskError('invalid_input', `No preset is named "${options.llmPresetName}".`, {
      details: { llmPresetName: options.llmPresetName, available: presets.map((p) => p.name) },
    });
  }
  const { name: presetName, ...presetParams } = preset ?? { name: undefined };
  const adapter = ctx.adapters
    ? Object.hasOwn(ctx.adapters, connection.api)
      ? ctx.adapters[connection.api]
      : undefined
    : getProviderAdapter(connection.api);
  if (!adapter) {
    throw new GenerateTaskError(
      'unsupported_api',
      `No adapter serves the "${String(connection.api)}" API family.`,
      {
        details: { api: connection.api, connection: connection.name },
      },
    );
  }
  return { connection, adapter, params: { ...presetParams, ...options.params }, presetName };
}

/**
 * native, or the text protocol style to use. `auto` takes what the memory says worked for this connection
 * and model; with nothing remembered it tries native (and falls back on a real "tools unsupported" signal).
 */
async function chooseMode(
  norm: NormalizedOptions,
  r: Resolved,
  memory: ToolModeMemory | undefined,
): Promise<{ mode: ResolvedCallMode; auto: boolean; remembered?: ToolModeOutcome }> {
  if (norm.tools.length === 0) return { mode: 'native', auto: false };
  const requested = norm.functionCallMode ?? r.connection.functionCalling?.mode ?? 'auto';
  const style: ProtocolStyleOption = norm.protocolStyle ?? 'xml';
  if (requested === 'native') {
    if (!r.adapter.nativeTools) {
      throw new GenerateTaskError(
        'invalid_input',
        `The ${r.connection.api} family cannot carry tools natively; use prompt_xml, prompt_json or auto.`,
        { details: { api: r.connection.api } },
      );
    }
    return { mode: 'native', auto: false };
  }
  if (requested === 'auto') {
    const text: ResolvedCallMode = style === 'json' ? 'prompt_json' : 'prompt_xml';
    if (!r.adapter.nativeTools) return { mode: text, auto: true };
    const remembered = await recall(memory, r.connection);
    return { mode: remembered?.mode === 'text' ? text : 'native', auto: true, remembered };
  }
  return { mode: requested, auto: false };
}

const TOOL_EVENTS = new Set(['tool-call-start', 'tool-call-delta', 'tool-call']);

/**
 * The options of a request on a connection whose function calling is off: the tools are dropped. A forced
 * call cannot be honoured without tools, so it is refused rather than silently answered in text.
 */
function withoutTools(norm: NormalizedOptions, connection: Connection): NormalizedOptions {
  if (norm.tools.length === 0) return norm;
  const forced = norm.toolChoice === 'required' || typeof norm.toolChoice === 'object';
  if (forced) {
    throw new GenerateTaskError(
      'invalid_input',
      `The connection "${connection.name}" has function calling switched off, so no tool call can be required. Turn function calling on for it, or leave out toolChoice / requiredFunctionName.`,
      { details: { connection: connection.name, toolChoice: norm.toolChoice } },
    );
  }
  return { ...norm, tools: [], toolChoice: undefined };
}

/** A memory that fails (storage gone) must not fail the request: it only costs a native try. */
async function recall(memory: ToolModeMemory | undefined, connection: Connection) {
  try {
    return (await memory?.get(connection)) ?? undefined;
  } catch {
    return undefined;
  }
}

async function remember(
  memory: ToolModeMemory | undefined,
  connection: Connection,
  outcome: ToolModeOutcome,
) {
  try {
    await memory?.set(connection, outcome);
  } catch {
    // as above: the next request tries again
  }
}

/**
 * The whole of generateTask as one event stream: validation, connection and preset, prompt assembly,
 * dispatch (native or text protocol, with the auto fallback and text-mode re-asks), and the final result
 * as the last event. generateTask and generateTaskStream both run this, so they behave the same.
 */
export async function* runGenerateTask(
  ctx: GenerateContext,
  options: GenerateTaskOptions,
  stream: boolean,
): AsyncGenerator<GenerateEvent, GenerateTaskResult> {
  const signal = options?.abortSignal ?? undefined;
  if (signal?.aborted) throw abortedError(signal.reason);
  const validated = validateGenerateOptions(options);
  const resolved = await resolveConnection(ctx, { ...validated, params: options.params });
  // a connection with function calling switched off gets no tools, no tool guide and runs no calls
  const toolsOff = resolved.connection.functionCalling?.enabled === false;
  const norm = toolsOff ? withoutTools(validated, resolved.connection) : validated;
  if (norm.jsonSchema) assertJsonSchemaCompiles(norm.jsonSchema.schema);
  const memory = ctx.toolModeMemory;
  const choice = await chooseMode(norm, resolved, memory);
  const prompt = await assemblePrompt(ctx, options, norm);
  if (toolsOff && hasToolTraffic(prompt.messages)) prompt.messages = renderHistoryPlain(prompt.messages);
  if (signal?.aborted) throw abortedError(signal.reason);

  const usage: Usage = {};
  const details: GenerateTaskDetails = {
    retries: 0,
    retryReasons: [],
    connection: resolved.connection.name,
    api: resolved.connection.api,
    ...(resolved.presetName !== undefined ? { preset: resolved.presetName } : {}),
    ...(prompt.worldInfo ? { worldInfo: prompt.worldInfo } : {}),
    ...(toolsOff ? { functionCallingOff: true as const } : {}),
    ...(choice.remembered ? { rememberedToolMode: choice.remembered } : {}),
  };
  const base: Omit<ProviderRequest, 'messages'> = {
    connection: resolved.connection,
    params: resolved.params,
    stream,
    signal,
    ...(ctx.fetch ? { fetch: ctx.fetch } : {}),
  };

  let outcome: AttemptOutcome;
  let mode = choice.mode;
  if (mode === 'native') {
    let messages = prompt.messages;
    const request: ProviderRequest = { ...base, messages };
    if (norm.tools.length) {
      request.tools = norm.tools;
      if (norm.toolChoice) request.toolChoice = norm.toolChoice;
      if (options.parallelToolCalls !== undefined) request.parallelToolCalls = options.parallelToolCalls;
    }
    if (norm.jsonSchema) {
      // text-completion: say it in words too; backends with constrained output (llama.cpp json_schema,
      // Ollama format) also get the schema
      if (resolved.adapter.api === 'text-completion') {
        messages = appendToSystem(messages, jsonSchemaInstruction(norm.jsonSchema.schema));
        request.messages = messages;
      }
      request.jsonSchema = { name: norm.jsonSchema.name, schema: norm.jsonSchema.schema };
    }
    outcome = emptyOutcome();
    let relayed = 0;
    try {
      // servers without a tool parser for the model return its calls as text: read them there too
      const adapter = withContentToolCalls(resolved.adapter, {
        tools: norm.jsonSchema ? [] : norm.tools,
        ...markupOf(resolved.connection, messages),
        onLoneReasoningClose: (tag) => (outcome.loneReasoningClose = tag),
      });
      for await (const event of sendAndCollect(adapter, request, outcome)) {
        // function calling off: a call the model made anyway is neither relayed nor returned
        if (toolsOff && TOOL_EVENTS.has(event.type)) continue;
        relayed++;
        yield toolsOff && event.type === 'finish' && event.reason === 'tool_calls'
          ? { ...event, reason: 'stop' }
          : event;
      }
      if (toolsOff && outcome.calls.length > 0) {
        outcome.calls = [];
        if (outcome.finishReason === 'tool_calls') outcome.finishReason = 'stop';
      }
      addUsage(usage, outcome.usage);
      // auto: native tools worked for this connection and model
      if (choice.auto && norm.tools.length > 0 && choice.remembered?.mode !== 'native') {
        await remember(memory, resolved.connection, { mode: 'native', recordedAt: new Date().toISOString() });
      }
    } catch (error) {
      // auto: a native request refused because tools are unsupported is tried once more in text mode; any
      // other failure (context length, a bad schema, an outage) is the caller's to see
      const signal =
        choice.auto && norm.tools.length > 0 && relayed === 0 ? toolsUnsupportedSignal(error) : undefined;
      if (!signal || !isGenerateTaskError(error)) throw error;
      mode = norm.protocolStyle === 'json' ? 'prompt_json' : 'prompt_xml';
      const status = typeof error.details.status === 'number' ? error.details.status : undefined;
      details.fallback = { from: 'native', to: mode, status, signal, message: error.message };
      yield { type: 'fallback', ...details.fallback };
      await remember(memory, resolved.connection, {
        mode: 'text',
        reason: `${signal}: ${error.message}`.slice(0, 500),
        ...(status !== undefined ? { status } : {}),
        recordedAt: new Date().toISOString(),
      });
    }
  }
  if (mode !== 'native') {
    outcome = yield* runTextMode(resolved, norm, prompt.messages, base, mode, usage, details);
  }
  outcome = outcome!;

  if (signal?.aborted) throw abortedError(signal.reason);
  if (outcome.text.trim() === '' && outcome.calls.length === 0) {
    throw emptyAnswerError(outcome);
  }
  const jsonData = norm.jsonSchema ? parseJsonAnswer(outcome.text, norm.jsonSchema.schema) : null;
  const message: GenerateTaskResult['message'] = { role: 'assistant', content: outcome.text };
  if (outcome.calls.length) {
    message.toolCalls = outcome.calls.map((c) => ({
      id: c.id,
      name: c.name,
      args: c.args,
      ...(c.providerMetadata ? { providerMetadata: c.providerMetadata } : {}),
    }));
  }
  if (outcome.reasoningParts.length) message.reasoning = outcome.reasoningParts;
  if (outcome.providerMetadata) message.providerMetadata = outcome.providerMetadata;
  if (outcome.loneReasoningClose) details.loneReasoningClose = outcome.loneReasoningClose;
  const result: GenerateTaskResult = {
    assistantText: outcome.text,
    toolCalls: outcome.calls,
    jsonData,
    reasoning: outcome.reasoning,
    reasoningParts: outcome.reasoningParts,
    finishReason: outcome.finishReason,
    rawFinishReason: outcome.rawFinishReason,
    usage,
    raw: outcome.raw,
    mode,
    message,
    details,
  };
  yield { type: 'result', result };
  return result;
}

/** The tools a text-mode answer must call one of (tool choice `required` or a named tool); else undefined. */
function requiredNames(tools: ToolSpec[], choice: ToolChoice | undefined): string[] | undefined {
  if (choice === 'required') return tools.map((t) => t.name);
  if (typeof choice === 'object' && choice) return [choice.name];
  return undefined;
}

async function* runTextMode(
  resolved: Resolved,
  norm: NormalizedOptions,
  history: ChatMessage[],
  base: Omit<ProviderRequest, 'messages'>,
  mode: ResolvedCallMode,
  usage: Usage,
  details: GenerateTaskDetails,
): AsyncGenerator<GenerateEvent, AttemptOutcome> {
  const style: ProtocolStyleOption = mode === 'prompt_json' ? 'json' : 'xml';
  const trigger = createTrigger();
  let messages = textModeMessages(history, norm.tools, { style, trigger, toolChoice: norm.toolChoice });
  for (let attempt = 0; ; attempt++) {
    const outcome = emptyOutcome();
    const router = createTextRouter(norm.tools, trigger, outcome, markupOf(resolved.connection, messages));
    const request: ProviderRequest = { ...base, messages };
    const names = requiredNames(norm.tools, norm.toolChoice);
    if (names) request.requiredTextCall = { style, trigger, names };
    // `finish` waits until the parser has flushed and the calls are accepted, so it stays the last event
    let finish: Extract<GenerateEvent, { type: 'finish' }> | undefined;
    for await (const event of sendAndCollect(resolved.adapter, request, outcome, router)) {
      if (event.type === 'finish') finish = event;
      else yield event;
    }
    yield* router.end();
    addUsage(usage, outcome.usage);

    const problems = textModeProblems(outcome, router.errors(), norm.tools, norm.toolChoice);
    const all = [...problems.parse, ...problems.validation, ...problems.missing];
    if (all.length > 0 && attempt < norm.retries) {
      const reason = all.join('\n');
      details.retries++;
      details.retryReasons.push(reason);
      yield { type: 'retry', attempt: attempt + 1, reason };
      messages = [...messages, ...retryMessages(outcome, reason, style, trigger)];
      continue;
    }
    if (problems.parse.length > 0 && outcome.calls.length === 0) {
      throw new GenerateTaskError(
        'tool_call_parse',
        `The tool call could not be read: ${problems.parse[0]}`,
        {
          details: { errors: router.errors(), rawArgs: router.errors()[0]?.raw, attempts: attempt + 1 },
        },
      );
    }
    if (all.length > 0) details.textProtocolErrors = all;
    // native providers report tool_calls; text mode says the same when it found calls
    if (outcome.calls.length > 0 && outcome.finishReason === 'stop') outcome.finishReason = 'tool_calls';
    yield* router.held;
    if (finish) yield { ...finish, reason: outcome.finishReason };
    return outcome;
  }
}

/** generateTask against a context: resolves to the result (events are consumed internally). */
export async function generateTaskWith(
  ctx: GenerateContext,
  options: GenerateTaskOptions,
): Promise<GenerateTaskResult> {
  const it = runGenerateTask(ctx, options, false);
  for (;;) {
    const step = await it.next();
    if (step.done) return step.value;
  }
}

/** generateTaskStream against a context: the events, ending with `{ type: 'result', result }`. */
export function generateTaskStreamWith(
  ctx: GenerateContext,
  options: GenerateTaskOptions,
): AsyncIterable<GenerateEvent> {
  return {
    [Symbol.asyncIterator]: () => runGenerateTask(ctx, options, true),
  };
}
