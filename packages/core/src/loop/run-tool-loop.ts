import { isGenerateTaskError } from '../base/errors.js';
import { addUsage } from '../generate/attempt.js';
import { renderHistoryPlain } from '../generate/plain-history.js';
import type { GenerateTaskOptions, GenerateTaskResult } from '../generate/types.js';
import type { ChatMessage, Usage } from '../providers/types.js';
import { executeToolCalls } from '../tools/execute.js';
import { toolResultContent } from '../tools/result-for-model.js';
import type { ToolResultEnvelope } from '../tools/types.js';
import { toolCallMessage } from './tool-call-message.js';
import type {
  GenerateStreamFn,
  StoppedBecause,
  ToolLoopOptions,
  ToolLoopResult,
  ToolLoopStep,
  ToolLoopTraceEntry,
} from './types.js';
import { validateLoopOptions } from './validate-loop-options.js';

export const DEFAULT_MAX_ROUNDS = 10;
export const DEFAULT_REPEAT_LIMIT = 3;

const LOOP_KEYS = [
  'registry',
  'scope',
  'maxRounds',
  'wallClockBudgetMs',
  'parallel',
  'concurrency',
  'simulate',
  'onEvent',
  'repeatLimit',
  'stream',
  'ctx',
  'hostFunctions',
  'sandbox',
  'executors',
  'toolTimeoutMs',
  'approveToolCall',
] as const;

const FINAL_NOTE =
  'You have used every tool round available. Do not call any more tools: answer now using the tool results above.';

/** JSON with sorted keys, so `{a,b}` and `{b,a}` count as the same call. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Generate → execute → feed back → repeat. Results go back as canonical `tool` messages, which each
 * adapter writes in its own form (OpenAI `tool` messages, Anthropic `tool_result` blocks, Gemini
 * `functionResponse`, text protocol `<tool_result>`). Unknown tools, invalid arguments and failures are
 * results the model sees; only provider failures (other than an abort or the budget) end the run by throwing.
 */
export async function runToolLoopWith(
  generate: GenerateStreamFn,
  options: ToolLoopOptions,
): Promise<ToolLoopResult> {
  validateLoopOptions(options);
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;
  const repeatLimit = options.repeatLimit ?? DEFAULT_REPEAT_LIMIT;
  const userSignal = options.abortSignal;
  const budgetSignal =
    options.wallClockBudgetMs !== undefined
      ? AbortSignal.timeout(Math.max(0, options.wallClockBudgetMs))
      : undefined;
  const signals = [userSignal, budgetSignal].filter((s): s is AbortSignal => s !== undefined);
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const stopReason = (): StoppedBecause | undefined =>
    userSignal?.aborted ? 'aborted' : budgetSignal?.aborted ? 'budget' : undefined;

  const tools = options.tools ?? (await options.registry.toolSpecsForModel(options.scope));
  const allowedNames = options.tools
    ? tools.map((t) => ('function' in t ? t.function.name : t.name))
    : undefined;
  const generateOptions: GenerateTaskOptions = { ...options };
  for (const key of LOOP_KEYS) delete (generateOptions as unknown as Record<string, unknown>)[key];

  const messages: ChatMessage[] = [...options.taskMessages];
  const steps: ToolLoopStep[] = [];
  const trace: ToolLoopTraceEntry[] = [];
  const usage: Usage = {};
  const seen = new Map<string, number>();
  let finalText = '';
  // the latest round's text that was not empty: a run that stops early still returns what the model said
  let lastText = '';
  let stoppedBecause: StoppedBecause | undefined;

  for (let round = 1; !stoppedBecause; round++) {
    stoppedBecause = stopReason();
    if (stoppedBecause) break;
    const final = round > maxRounds;
    await options.onEvent?.({ type: 'round-start', round, final });
    const request: GenerateTaskOptions = final
      ? { ...finalRequest(generateOptions, messages), abortSignal: signal }
      : {
          ...generateOptions,
          taskMessages: messages,
          tools: tools.length ? tools : undefined,
          // a forced choice applies to the first round; later rounds must be free to answer
          ...(round > 1 ? { toolChoice: undefined, functionCallOptions: withoutRequired(options) } : {}),
          abortSignal: signal,
        };
    let result: GenerateTaskResult | undefined;
    try {
      for await (const event of generate(request)) {
        await options.onEvent?.(event);
        if (event.type === 'result') result = event.result;
      }
    } catch (error) {
      const reason = stopReason();
      if (reason && isGenerateTaskError(error) && error.code === 'aborted') {
        stoppedBecause = reason;
        break;
      }
      // what ran before the failure stays visible to the caller (e.g. a trace in the UI)
      if (isGenerateTaskError(error)) error.details.partial = { steps, trace, messages, usage };
      throw error;
    }
    if (!result) throw new Error('generateTask ended without a result');
    addUsage(usage, result.usage);
    finalText = result.assistantText;
    if (result.assistantText.trim() !== '') lastText = result.assistantText;
    const step: ToolLoopStep = {
      round,
      final,
      assistantText: result.assistantText,
      reasoning: result.reasoning,
      toolCalls: result.toolCalls,
      finishReason: result.finishReason,
      mode: result.mode,
      results: [],
    };
    steps.push(step);
    messages.push(final ? { role: 'assistant', content: result.assistantText } : result.message);
    if (final) {
      stoppedBecause = 'max_rounds';
      break;
    }
    if (result.toolCalls.length === 0) {
      stoppedBecause = 'completed';
      break;
    }
    const calls = result.toolCalls;
    // a round that stops the run still closes every call with a result saying why it did not run, so the
    // history never ends on unanswered calls (OpenAI and Anthropic refuse such a history)
    const closeUnrun = (message: string) => {
      const notRun: ToolResultEnvelope = { ok: false, error: { code: 'not_run', message }, durationMs: 0 };
      return record(
        round,
        step,
        calls,
        calls.map(() => notRun),
      );
    };
    // calls are run only when the provider said the answer is complete
    if (result.finishReason !== 'stop' && result.finishReason !== 'tool_calls') {
      stoppedBecause = 'finish_reason';
      await closeUnrun(
        `Not run: the answer ended with finish reason "${result.finishReason}" (${result.rawFinishReason ?? 'no raw reason'}), so its calls may be incomplete. The run stopped.`,
      );
      break;
    }
    // a key counts once per round: the same call made in parallel (three d6 rolls) is not a loop
    let repeated = false;
    const keys = new Set(result.toolCalls.map((call) => `${call.name}\u0000${stableStringify(call.args)}`));
    for (const key of keys) {
      const count = (seen.get(key) ?? 0) + 1;
      seen.set(key, count);
      if (count >= repeatLimit) repeated = true;
    }
    if (repeated) {
      stoppedBecause = 'repeated_call';
      await closeUnrun(
        `Not run: the same call (tool and arguments) was asked for ${repeatLimit} times, so the run stopped to avoid a loop.`,
      );
      break;
    }

    // formatMessage is applied: each call announces itself before it runs (SillyTavern's toast text)
    const messagesOf = new Map<string, string>();
    for (const call of calls) {
      const { message, custom } = await toolCallMessage(
        options.registry,
        options.scope,
        call.name,
        call.args,
      );
      if (custom) messagesOf.set(call.id, message);
      await options.onEvent?.({
        type: 'tool-start',
        round,
        id: call.id,
        name: call.name,
        args: call.args,
        message,
      });
    }
    const envelopes = await executeToolCalls(
      calls.map((c) => ({ id: c.id, name: c.name, args: c.args })),
      {
        registry: options.registry,
        scope: options.scope,
        ctx: options.ctx,
        hostFunctions: options.hostFunctions,
        sandbox: options.sandbox,
        executors: options.executors,
        timeoutMs: options.toolTimeoutMs,
        simulate: options.simulate,
        signal,
        allowedNames,
        approve: options.approveToolCall,
        concurrency: options.parallel === false ? 1 : (options.concurrency ?? result.toolCalls.length),
      },
    );
    await record(round, step, calls, envelopes, messagesOf);
    if (envelopes.every((e) => e.stealth)) stoppedBecause = 'stealth';
  }
  // an early stop keeps the last thing the model said
  if (finalText.trim() === '' && stoppedBecause !== 'completed') finalText = lastText;
  return { finalText, steps, trace, stoppedBecause: stoppedBecause!, messages, usage };

  /** Appends a round's results as tool messages, in call order, to the history and the trace. */
  async function record(
    round: number,
    step: ToolLoopStep,
    calls: GenerateTaskResult['toolCalls'],
    envelopes: ToolResultEnvelope[],
    messagesOf?: Map<string, string>,
  ): Promise<void> {
    step.results = envelopes;
    for (let i = 0; i < envelopes.length; i++) {
      const call = calls[i];
      const envelope = envelopes[i];
      const content = toolResultContent(envelope);
      messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content, isError: !envelope.ok });
      trace.push({
        round,
        id: call.id,
        name: call.name,
        args: call.args,
        ok: envelope.ok,
        ...(envelope.ok
          ? { result: envelope.result }
          : {
              error: {
                code: envelope.error.code,
                message: envelope.error.message,
                hint: envelope.error.hint,
              },
            }),
        durationMs: envelope.durationMs,
        simulated: envelope.simulated === true,
        unvalidated: envelope.unvalidated === true,
        ...(envelope.stealth ? { stealth: true } : {}),
        ...(messagesOf?.has(call.id) ? { message: messagesOf.get(call.id) } : {}),
      });
      await options.onEvent?.({
        type: 'tool-result',
        round,
        id: call.id,
        name: call.name,
        args: call.args,
        envelope,
        content,
      });
    }
  }
}

function withoutRequired(options: ToolLoopOptions): GenerateTaskOptions['functionCallOptions'] {
  if (!options.functionCallOptions) return undefined;
  const { requiredFunctionName: _dropped, ...rest } = options.functionCallOptions;
  return rest;
}

/**
 * The answer-now call after the last tool round. Tools are not offered, and since some providers refuse
 * tool history without tool definitions, calls and results go as plain prose — never as a calling protocol
 * the model could imitate in an answer that can no longer run anything.
 */
function finalRequest(base: GenerateTaskOptions, messages: ChatMessage[]): GenerateTaskOptions {
  const plain = renderHistoryPlain(messages);
  const last = plain[plain.length - 1];
  // keep roles alternating: the note joins a trailing user message (the tool results)
  const taskMessages: ChatMessage[] =
    last?.role === 'user'
      ? [...plain.slice(0, -1), { ...last, content: `${last.content}\n\n${FINAL_NOTE}` }]
      : [...plain, { role: 'user', content: FINAL_NOTE }];
  return {
    ...base,
    taskMessages,
    tools: undefined,
    toolChoice: undefined,
    jsonSchema: undefined,
    functionCallOptions: undefined,
    functionCallMode: undefined,
  };
}
