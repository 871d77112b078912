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
}

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
  },
): Promise<ToolCallingProbe> {
  const { connection } = options;
  const attempt = async (mode: 'native' | 'prompt_xml'): Promise<ToolCallingAttempt> => {
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
        params: { maxTokens: 200 },
        abortSignal: options.signal,
      });
      const call = result.toolCalls.find((c) => c.name === PROBE_TOOL.name);
      if (call)
        return { ok: true, message: `The model called ${PROBE_TOOL.name}(${JSON.stringify(call.args)}).` };
      return {
        ok: false,
        message: `The model answered without calling the tool${result.assistantText ? `: “${result.assistantText.slice(0, 120)}”` : '.'}`,
      };
    } catch (error) {
      if (!isGenerateTaskError(error)) throw error;
      if (error.code === 'aborted') throw error;
      const status = typeof error.details.status === 'number' ? error.details.status : undefined;
      const signal = toolsUnsupportedSignal(error);
      return {
        ok: false,
        message: error.message,
        ...(status !== undefined ? { status } : {}),
        ...(signal ? { signal } : {}),
      };
    }
  };

  const nativeTools = options.nativeTools ?? familyHasNativeTools(connection);
  const native = nativeTools ? await attempt('native') : undefined;
  if (native?.ok) {
    await remember(options.memory, connection, { mode: 'native', recordedAt: new Date().toISOString() });
    return { native, recommended: 'native', message: 'Native tool calling works: use Native (or Auto).' };
  }
  const text = await attempt('prompt_xml');
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
