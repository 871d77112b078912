import { isGenerateTaskError } from '../base/errors.js';
import type { ToolModeMemory } from '../generate/tool-mode-memory.js';
import { toolsUnsupportedSignal } from '../generate/tools-unsupported.js';
import { getProviderAdapter } from '../providers/registry.js';
import type { Connection } from '../providers/types.js';
import type { Runtime } from '../runtime/create-runtime.js';

/** How one way of calling tools fared in the probe. */
export interface ToolCallingAttempt {
  ok: boolean;
  /** what happened, for people */
  message: string;
  status?: number;
  /** a recognised "tools unsupported" refusal */
  signal?: string;
  /**
   * the attempt's tokens ran out before the model got to a call (it was still reasoning, or still writing,
   * as a reasoning model does whose reasoning comes as text): it neither called nor refused
   */
  undecided?: true;
}

/** An attempt as asked: one whose tokens ran out says what the model was doing (then it is asked again). */
type Asked = ToolCallingAttempt & { unfinished?: 'reasoning' | 'writing'; text?: string };

export interface ToolCallingProbe {
  /** not tried for families without native tools */
  native?: ToolCallingAttempt;
  /** tried when native did not work */
  text?: ToolCallingAttempt;
  /** the function-calling mode to use, or null when neither worked */
  recommended: 'native' | 'prompt_xml' | null;
  message: string;
}

/** The tiny tool the probe forces. */
export const PROBE_TOOL = {
  name: 'report_status',
  description: 'Report the status of this connection test.',
  parameters: {
    type: 'object',
    properties: { status: { type: 'string', enum: ['ok'] } },
    required: ['status'],
    additionalProperties: false,
  },
};

/** The probe's token budget: a forced call is a few dozen tokens. */
export const PROBE_MAX_TOKENS = 200;

/**
 * A reasoning model (DeepSeek-R1, QwQ, Qwen3 thinking) may spend the whole budget thinking before it calls:
 * that attempt is asked once more with this much room, within this long (the connection test as a whole has
 * a deadline of its own).
 */
export const PROBE_REASONING_RETRY = { maxTokens: 1024, timeoutMs: 15_000 };

const ASK = [
  {
    role: 'user' as const,
    content:
      'This is a connection test. Call the tool report_status with status "ok". Do not write anything else.',
  },
];

/**
 * Tests tool calling with one tiny forced call: natively first (when the family can), then with the text
 * protocol, and recommends the mode that worked. What it finds is remembered for `auto` (native, or text
 * when only the text protocol worked), so chats on the connection start in the right mode.
 */
export async function probeToolCalling(
  runtime: Pick<Runtime, 'generateTask'>,
  options: {
    connection: Connection;
    /** whether to try native tools first (default: whether the connection's family has them) */
    nativeTools?: boolean;
    memory?: ToolModeMemory;
    signal?: AbortSignal;
    /** the second try of a model that only reasoned (default PROBE_REASONING_RETRY) */
    reasoningRetry?: { maxTokens: number; timeoutMs: number };
  },
): Promise<ToolCallingProbe> {
  const { connection } = options;
  const retry = options.reasoningRetry ?? PROBE_REASONING_RETRY;
  const once = (mode: ProbeMode, maxTokens: number, signal?: AbortSignal) =>
    askForCall(runtime, connection, mode, maxTokens, signal);
  /** One way of calling tools, asked again with room to finish when its tokens ran out before a call. */
  const attempt = async (mode: ProbeMode): Promise<ToolCallingAttempt> => {
    const first = await once(mode, PROBE_MAX_TOKENS, options.signal);
    if (!first.unfinished) return reported(first);
    const deadline = AbortSignal.timeout(retry.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    let second: Asked;
    try {
      second = await once(mode, retry.maxTokens, signal);
    } catch (error) {
      // only the retry's own deadline leaves the question open; the test's abort ends the test
      if (options.signal?.aborted || !deadline.aborted) throw error;
      return {
        ok: false,
        undecided: true,
        message: `The model was still ${first.unfinished} after ${retry.timeoutMs / 1000} s (asked twice: with ${PROBE_MAX_TOKENS} tokens, then ${retry.maxTokens}), so it never got to the call.`,
      };
    }
    if (second.ok) {
      return {
        ok: true,
        message: `${second.message.replace(/\.$/, '')} when asked again with ${retry.maxTokens} tokens (it spent the first ${PROBE_MAX_TOKENS} ${first.unfinished}).`,
      };
    }
    if (!second.unfinished) return reported(second);
    const quote = second.text ? `: “${second.text.slice(0, 120)}”` : '.';
    return {
      ok: false,
      undecided: true,
      message: `The model was still ${second.unfinished} when its ${retry.maxTokens} tokens ran out (asked twice: with ${PROBE_MAX_TOKENS}, then ${retry.maxTokens}), so it never got to the call${quote}`,
    };
  };

  const nativeTools = options.nativeTools ?? familyHasNativeTools(connection);
  const native = nativeTools ? await attempt('native') : undefined;
  // a model that ran out of tokens before a call has not shown native tools fail: the text protocol's
  // outcome would teach auto the wrong mode (and would most likely run out reasoning too)
  if (native?.undecided) return { native, recommended: null, message: UNDECIDED };
  if (native?.ok) {
    await remember(options.memory, connection, { mode: 'native', recordedAt: new Date().toISOString() });
    return { native, recommended: 'native', message: 'Native tool calling works: use Native (or Auto).' };
  }
  const text = await attempt('prompt_xml');
  if (text.undecided) {
    return {
      ...(native ? { native } : {}),
      text,
      recommended: null,
      message: native ? UNDECIDED : UNDECIDED_TEXT_ONLY,
    };
  }
  if (text.ok) {
    if (native) {
      await remember(options.memory, connection, {
        mode: 'text',
        reason: `connection test: ${native.signal ? `${native.signal}: ` : ''}${native.message}`.slice(
          0,
          500,
        ),
        ...(native.status !== undefined ? { status: native.status } : {}),
        recordedAt: new Date().toISOString(),
      });
    }
    return {
      ...(native ? { native } : {}),
      text,
      recommended: 'prompt_xml',
      message: native
        ? 'Native tool calling did not work, the text protocol did: use Prompt (XML) (Auto now goes there too).'
        : 'This family has no native tools; the text protocol works: use Prompt (XML) or Auto.',
    };
  }
  return {
    ...(native ? { native } : {}),
    text,
    recommended: null,
    message: 'Neither native tool calling nor the text protocol produced a call with this model.',
  };
}

type ProbeMode = 'native' | 'prompt_xml';

const UNDECIDED =
  'The test could not tell whether tool calling works: the model spent the whole test reasoning. Keep Auto (it tries native tool calling in a chat and moves to the text protocol by itself if the server refuses tools), or lower the reasoning effort and test again.';

const UNDECIDED_TEXT_ONLY =
  'The test could not tell whether tool calling works: the model spent the whole test reasoning. Try it in a chat (the text protocol is what Auto uses here), or lower the reasoning effort and test again.';

/** One forced call of the probe tool in one mode, and how it fared. */
async function askForCall(
  runtime: Pick<Runtime, 'generateTask'>,
  connection: Connection,
  mode: ProbeMode,
  maxTokens: number,
  abortSignal: AbortSignal | undefined,
): Promise<Asked> {
  try {
    const result = await runtime.generateTask({
      taskMessages: ASK,
      apiPresetName: connection.name,
      tools: [PROBE_TOOL],
      toolChoice: 'required',
      functionCallMode: mode,
      functionCallOptions: { retries: 0 },
      includeCharacterCard: false,
      substituteMacros: false,
      params: { maxTokens },
      abortSignal,
    });
    const call = result.toolCalls.find((c) => c.name === PROBE_TOOL.name);
    if (call)
      return { ok: true, message: `The model called ${PROBE_TOOL.name}(${JSON.stringify(call.args)}).` };
    const text = result.assistantText;
    return {
      ok: false,
      message: `The model answered without calling the tool${text ? `: “${text.slice(0, 120)}”` : '.'}`,
      // cut off: reasoning that comes as text (a template that opened it) may end in a call yet
      ...(result.finishReason === 'length' ? { unfinished: 'writing' as const, text } : {}),
    };
  } catch (error) {
    if (!isGenerateTaskError(error)) throw error;
    if (error.code === 'aborted') throw error;
    const status = typeof error.details.status === 'number' ? error.details.status : undefined;
    const signal = toolsUnsupportedSignal(error);
    // out of tokens while reasoning: no answer either way yet
    const reasoning =
      error.code === 'no_response' &&
      error.details.reasoned === true &&
      error.details.finishReason === 'length';
    return {
      ok: false,
      message: error.message,
      ...(status !== undefined ? { status } : {}),
      ...(signal ? { signal } : {}),
      ...(reasoning ? { unfinished: 'reasoning' as const } : {}),
    };
  }
}

/** An attempt as the probe reports it (without what only the second try needs). */
function reported({ unfinished: _unfinished, text: _text, ...attempt }: Asked): ToolCallingAttempt {
  return attempt;
}

function familyHasNativeTools(connection: Connection): boolean {
  try {
    return getProviderAdapter(connection.api).nativeTools;
  } catch {
    return false;
  }
}

async function remember(
  memory: ToolModeMemory | undefined,
  connection: Connection,
  outcome: Parameters<ToolModeMemory['set']>[1],
) {
  try {
    await memory?.set(connection, outcome);
  } catch {
    // the recommendation stands; auto finds out by itself
  }
}
