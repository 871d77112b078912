import { GenerateTaskError } from '../../base/errors.js';
import type { ChatMessage } from '../types.js';

/** A flattened turn: tool traffic has already become text. */
export interface InstructTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface InstructTemplate {
  name: string;
  /** strings that end the assistant's turn; sent to the backend and enforced on the output */
  stop: string[];
  /** turns → prompt text ending where the assistant's reply begins (or continues, if the last turn is the assistant's) */
  render(turns: InstructTurn[]): string;
}

/**
 * Canonical messages → plain turns. Tool messages should arrive already rendered by the text protocol;
 * any that remain become user text in the protocol's `<tool_result>` form, and assistant tool calls that
 * remain are written as Hermes-style `<tool_call>` blocks so the history is not silently lost.
 */
export function toInstructTurns(messages: ChatMessage[]): InstructTurn[] {
  return messages.map((message): InstructTurn => {
    if (message.role === 'tool') {
      return {
        role: 'user',
        content: `<tool_result name="${message.name}">${message.content}</tool_result>`,
      };
    }
    if (message.role === 'assistant') {
      const calls = (message.toolCalls ?? []).map(
        (call) => `<tool_call>${JSON.stringify({ name: call.name, arguments: call.args })}</tool_call>`,
      );
      const content = [message.content, ...calls].filter((part) => part !== '').join('\n');
      return { role: 'assistant', content };
    }
    return { role: message.role, content: message.content };
  });
}

/** Templates where every role has its own header (ChatML, Llama 3). */
function roleTemplate(
  name: string,
  stop: string[],
  open: (role: InstructTurn['role']) => string,
  close: string,
): InstructTemplate {
  return {
    name,
    stop,
    render(turns) {
      let out = '';
      turns.forEach((turn, i) => {
        const continuing = i === turns.length - 1 && turn.role === 'assistant';
        out += open(turn.role) + turn.content + (continuing ? '' : close);
      });
      if (turns.at(-1)?.role !== 'assistant') out += open('assistant');
      return out;
    },
  };
}

export const chatmlTemplate = roleTemplate(
  'chatml',
  ['<|im_end|>', '<|im_start|>'],
  (role) => `<|im_start|>${role}\n`,
  '<|im_end|>\n',
);

// No <|begin_of_text|>: llama.cpp, KoboldCpp and Ollama add the BOS token themselves.
export const llama3Template = roleTemplate(
  'llama3',
  ['<|eot_id|>', '<|start_header_id|>', '<|end_of_text|>'],
  (role) => `<|start_header_id|>${role}<|end_header_id|>\n\n`,
  '<|eot_id|>',
);

/**
 * Templates with only instruction/response slots (Mistral, Alpaca): leading system turns become a
 * preamble, and everything between two assistant turns is merged into one instruction.
 */
function slotTemplate(
  name: string,
  stop: string[],
  parts: {
    preamble: (system: string) => string;
    firstInstruction: (system: string, text: string) => string;
    instruction: (text: string) => string;
    response: string;
    end: string;
  },
): InstructTemplate {
  return {
    name,
    stop,
    render(turns) {
      let i = 0;
      const leading: string[] = [];
      while (i < turns.length && turns[i].role === 'system') leading.push(turns[i++].content);
      const system = leading.join('\n\n');
      let out = parts.preamble(system);
      let pending: string[] = [];
      let first = true;
      let lastWasAssistant = false;
      const flush = () => {
        const text = pending.join('\n\n');
        out += first ? parts.firstInstruction(system, text) : parts.instruction(text);
        out += parts.response;
        first = false;
        pending = [];
      };
      for (; i < turns.length; i++) {
        const turn = turns[i];
        if (turn.role === 'assistant') {
          if (pending.length > 0 || first) flush();
          const continuing = i === turns.length - 1;
          out += turn.content + (continuing ? '' : parts.end);
          lastWasAssistant = true;
        } else {
          pending.push(turn.content);
          lastWasAssistant = false;
        }
      }
      if (!lastWasAssistant) flush();
      return out;
    },
  };
}

// Mistral v2/v3 spacing; the system prompt goes into the first instruction. No <s>: backends add BOS.
export const mistralTemplate = slotTemplate('mistral', ['</s>', '[INST]'], {
  preamble: () => '',
  firstInstruction: (system, text) => `[INST] ${[system, text].filter(Boolean).join('\n\n')}[/INST]`,
  instruction: (text) => `[INST] ${text}[/INST]`,
  response: ' ',
  end: '</s>',
});

export const alpacaTemplate = slotTemplate('alpaca', ['### Instruction:', '### Input:', '### Response:'], {
  preamble: (system) => (system ? `${system}\n\n` : ''),
  firstInstruction: (_system, text) => `### Instruction:\n${text}\n\n`,
  instruction: (text) => `### Instruction:\n${text}\n\n`,
  response: '### Response:\n',
  end: '\n\n',
});

/** No template: the turns' text as it is (the gateway's /v1/completions sends a client's prompt this way). */
export const rawTemplate: InstructTemplate = {
  name: 'raw',
  stop: [],
  render: (turns) => turns.map((turn) => turn.content).join('\n\n'),
};

/**
 * Wrappers around each role's text, as SillyTavern's instruct sequences name them; also how a user-defined
 * template is written (a JSON object in `instructTemplate`, docs/providers.md).
 */
export interface InstructSequences {
  /** text before the whole prompt (GLM's `[gMASK]<sop>`) */
  prefix?: string;
  systemPrefix?: string;
  systemSuffix?: string;
  userPrefix: string;
  userSuffix?: string;
  assistantPrefix: string;
  assistantSuffix?: string;
  /** models without a system role: system text joins the next user turn */
  systemAsUser?: boolean;
  stop?: string[];
}

/** A template from role wrappers: each turn is prefix + text + suffix; the prompt ends with the assistant prefix. */
export function sequenceTemplate(name: string, seq: InstructSequences): InstructTemplate {
  const wrap = (turn: InstructTurn): string => {
    if (turn.role === 'system') return (seq.systemPrefix ?? '') + turn.content + (seq.systemSuffix ?? '');
    if (turn.role === 'user') return seq.userPrefix + turn.content + (seq.userSuffix ?? '');
    return seq.assistantPrefix + turn.content + (seq.assistantSuffix ?? '');
  };
  return {
    name,
    stop: seq.stop ?? [],
    render(input) {
      let turns = input;
      if (seq.systemAsUser) {
        // system text goes into the next user turn (or stands as a user turn of its own)
        const merged: InstructTurn[] = [];
        let pending: string[] = [];
        for (const turn of input) {
          if (turn.role === 'system') pending.push(turn.content);
          else if (turn.role === 'user' && pending.length) {
            merged.push({ role: 'user', content: [...pending, turn.content].join('\n\n') });
            pending = [];
          } else {
            if (pending.length) merged.push({ role: 'user', content: pending.join('\n\n') });
            pending = [];
            merged.push(turn);
          }
        }
        if (pending.length) merged.push({ role: 'user', content: pending.join('\n\n') });
        turns = merged;
      }
      let out = seq.prefix ?? '';
      turns.forEach((turn, i) => {
        const continuing = i === turns.length - 1 && turn.role === 'assistant';
        out += continuing ? seq.assistantPrefix + turn.content : wrap(turn);
      });
      if (turns.at(-1)?.role !== 'assistant') out += seq.assistantPrefix;
      return out;
    },
  };
}

// Formats from each model family's own chat template (tokenizer_config.json); BOS is left to the backend.
export const gemmaTemplate = sequenceTemplate('gemma', {
  userPrefix: '<start_of_turn>user\n',
  userSuffix: '<end_of_turn>\n',
  assistantPrefix: '<start_of_turn>model\n',
  assistantSuffix: '<end_of_turn>\n',
  systemAsUser: true,
  stop: ['<end_of_turn>', '<start_of_turn>'],
});

export const phiTemplate = sequenceTemplate('phi', {
  systemPrefix: '<|system|>\n',
  systemSuffix: '<|end|>\n',
  userPrefix: '<|user|>\n',
  userSuffix: '<|end|>\n',
  assistantPrefix: '<|assistant|>\n',
  assistantSuffix: '<|end|>\n',
  stop: ['<|end|>', '<|user|>', '<|endoftext|>'],
});

export const deepseekTemplate = sequenceTemplate('deepseek', {
  systemSuffix: '\n\n',
  userPrefix: '<｜User｜>',
  assistantPrefix: '<｜Assistant｜>',
  assistantSuffix: '<｜end▁of▁sentence｜>',
  stop: ['<｜end▁of▁sentence｜>', '<｜User｜>'],
});

export const glmTemplate = sequenceTemplate('glm', {
  prefix: '[gMASK]<sop>',
  systemPrefix: '<|system|>\n',
  userPrefix: '<|user|>\n',
  assistantPrefix: '<|assistant|>\n',
  stop: ['<|user|>', '<|observation|>', '<|endoftext|>'],
});

export const commandRTemplate = sequenceTemplate('command-r', {
  systemPrefix: '<|START_OF_TURN_TOKEN|><|SYSTEM_TOKEN|>',
  systemSuffix: '<|END_OF_TURN_TOKEN|>',
  userPrefix: '<|START_OF_TURN_TOKEN|><|USER_TOKEN|>',
  userSuffix: '<|END_OF_TURN_TOKEN|>',
  assistantPrefix: '<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>',
  assistantSuffix: '<|END_OF_TURN_TOKEN|>',
  stop: ['<|END_OF_TURN_TOKEN|>', '<|START_OF_TURN_TOKEN|>'],
});

export const vicunaTemplate = sequenceTemplate('vicuna', {
  systemSuffix: '\n\n',
  userPrefix: 'USER: ',
  userSuffix: '\n',
  assistantPrefix: 'ASSISTANT: ',
  assistantSuffix: '</s>\n',
  stop: ['</s>', '\nUSER:'],
});

// Mistral V3-Tekken (Nemo): no spaces around the text; V7 adds a system slot.
export const mistralTekkenTemplate = slotTemplate('mistral-tekken', ['</s>', '[INST]'], {
  preamble: () => '',
  firstInstruction: (system, text) => `[INST]${[system, text].filter(Boolean).join('\n\n')}[/INST]`,
  instruction: (text) => `[INST]${text}[/INST]`,
  response: '',
  end: '</s>',
});

export const mistralV7Template = slotTemplate('mistral-v7', ['</s>', '[INST]'], {
  preamble: (system) => (system ? `[SYSTEM_PROMPT]${system}[/SYSTEM_PROMPT]` : ''),
  firstInstruction: (_system, text) => `[INST]${text}[/INST]`,
  instruction: (text) => `[INST]${text}[/INST]`,
  response: '',
  end: '</s>',
});

export const instructTemplates: Readonly<Record<string, InstructTemplate>> = Object.freeze({
  chatml: chatmlTemplate,
  llama3: llama3Template,
  mistral: mistralTemplate,
  mistraltekken: mistralTekkenTemplate,
  mistralv7: mistralV7Template,
  gemma: gemmaTemplate,
  phi: phiTemplate,
  deepseek: deepseekTemplate,
  glm: glmTemplate,
  commandr: commandRTemplate,
  alpaca: alpacaTemplate,
  vicuna: vicunaTemplate,
  raw: rawTemplate,
});

const SEQUENCE_KEYS = [
  'prefix',
  'systemPrefix',
  'systemSuffix',
  'userPrefix',
  'userSuffix',
  'assistantPrefix',
  'assistantSuffix',
] as const;

function invalidTemplate(message: string): GenerateTaskError {
  return new GenerateTaskError('invalid_input', `instructTemplate: ${message}`, {
    details: { field: 'instructTemplate' },
  });
}

/**
 * A user-defined template: a JSON object of sequences (`userPrefix` and `assistantPrefix` required; the other
 * wrappers, `systemAsUser` and `stop` optional). Throws `invalid_input` naming what is wrong.
 */
export function parseCustomTemplate(json: string): InstructTemplate {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw invalidTemplate(
      'a custom template must be a JSON object such as {"userPrefix":"USER: ","assistantPrefix":"BOT: "}.',
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalidTemplate('a custom template must be a JSON object.');
  const raw = value as Record<string, unknown>;
  const known = new Set<string>([...SEQUENCE_KEYS, 'systemAsUser', 'stop', 'name']);
  const unknown = Object.keys(raw).find((key) => !known.has(key));
  if (unknown) throw invalidTemplate(`unknown key "${unknown}"; use ${[...known].join(', ')}.`);
  const seq: Record<string, unknown> = {};
  for (const key of SEQUENCE_KEYS) {
    if (raw[key] === undefined) continue;
    if (typeof raw[key] !== 'string') throw invalidTemplate(`${key} must be a string.`);
    seq[key] = raw[key];
  }
  if (typeof seq.userPrefix !== 'string' || typeof seq.assistantPrefix !== 'string')
    throw invalidTemplate('a custom template needs userPrefix and assistantPrefix.');
  if (raw.systemAsUser !== undefined && typeof raw.systemAsUser !== 'boolean')
    throw invalidTemplate('systemAsUser must be true or false.');
  if (
    raw.stop !== undefined &&
    !(Array.isArray(raw.stop) && raw.stop.every((s) => typeof s === 'string' && s !== ''))
  )
    throw invalidTemplate('stop must be a list of non-empty strings.');
  return sequenceTemplate(typeof raw.name === 'string' ? raw.name : 'custom', {
    ...(seq as unknown as InstructSequences),
    ...(raw.systemAsUser !== undefined ? { systemAsUser: raw.systemAsUser as boolean } : {}),
    ...(raw.stop !== undefined ? { stop: raw.stop as string[] } : {}),
  });
}

/**
 * Looks a template up by name (case-insensitive, `llama-3`/`llama3`, `command-r`/`commandr` alike); default
 * ChatML. A value starting with `{` is a user-defined template (parseCustomTemplate).
 */
export function getInstructTemplate(name?: string): InstructTemplate {
  if (!name) return chatmlTemplate;
  if (name.trimStart().startsWith('{')) return parseCustomTemplate(name);
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  const alias: Record<string, string> = {
    phi3: 'phi',
    glm4: 'glm',
    tekken: 'mistraltekken',
    vicuna11: 'vicuna',
  };
  const found = alias[key] ?? key;
  if (Object.hasOwn(instructTemplates, found)) return instructTemplates[found];
  throw new GenerateTaskError('invalid_input', `Unknown instruct template "${name}".`, {
    details: { instructTemplate: name, known: Object.keys(instructTemplates) },
  });
}

/** Builds the text-completion prompt for canonical messages with a template (object or name). */
export function buildInstructPrompt(messages: ChatMessage[], template: InstructTemplate | string): string {
  const t = typeof template === 'string' ? getInstructTemplate(template) : template;
  return t.render(toInstructTurns(messages));
}
