import { GenerateTaskError } from '../../base/errors.js';
import type { ChatMessage } from '../types.js';
import { parseCustomTemplate } from './custom-template.js';
import { sequenceTemplate } from './sequence-template.js';

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
  /**
   * How the prompt ends for a new reply: the assistant's header and any reply prefix (`<think>\n` for reasoning
   * models whose own templates open the block there). Read to tell whether a reply starts inside reasoning.
   */
  replyStart: string;
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
    replyStart: open('assistant'),
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

// Llama 4: the same shape with its own tokens.
export const llama4Template = roleTemplate(
  'llama4',
  ['<|eot|>', '<|header_start|>', '<|end_of_text|>'],
  (role) => `<|header_start|>${role}<|header_end|>\n\n`,
  '<|eot|>',
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
    replyStart: parts.response,
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
  replyStart: '',
  render: (turns) => turns.map((turn) => turn.content).join('\n\n'),
};

// Formats from each model family's own chat template (tokenizer_config.json); BOS is left to the backend.
export const gemmaTemplate = sequenceTemplate('gemma', {
  userPrefix: '<start_of_turn>user\n',
  userSuffix: '<end_of_turn>\n',
  assistantPrefix: '<start_of_turn>model\n',
  assistantSuffix: '<end_of_turn>\n',
  systemAsUser: true,
  stop: ['<end_of_turn>', '<start_of_turn>'],
});

// Gemma 4: a system role of its own, each turn between `<|turn>ROLE\n` and `<turn|>`.
export const gemma4Template = sequenceTemplate('gemma4', {
  systemPrefix: '<|turn>system\n',
  systemSuffix: '<turn|>\n',
  userPrefix: '<|turn>user\n',
  userSuffix: '<turn|>\n',
  assistantPrefix: '<|turn>model\n',
  assistantSuffix: '<turn|>\n',
  stop: ['<turn|>', '<|turn>'],
});

// Kimi K2 (Moonshot AI): each turn `<|im_ROLE|>ROLE<|im_middle|>…<|im_end|>`.
export const kimiTemplate = sequenceTemplate('kimi', {
  systemPrefix: '<|im_system|>system<|im_middle|>',
  systemSuffix: '<|im_end|>',
  userPrefix: '<|im_user|>user<|im_middle|>',
  userSuffix: '<|im_end|>',
  assistantPrefix: '<|im_assistant|>assistant<|im_middle|>',
  assistantSuffix: '<|im_end|>',
  stop: ['<|im_end|>', '<|im_user|>'],
});

/**
 * gpt-oss (harmony): the model's system message as its own template writes it by default, the system text as
 * the developer's instructions, earlier answers in the final channel, and the new reply opened at
 * `<|start|>assistant` so the model picks its channels (analysis = reasoning, commentary = calls). `<|return|>`
 * and `<|call|>` end generation.
 */
export const harmonyTemplate = sequenceTemplate('harmony', {
  prefix:
    '<|start|>system<|message|>You are ChatGPT, a large language model trained by OpenAI.\nKnowledge cutoff: 2024-06\n\nReasoning: medium\n\n# Valid channels: analysis, commentary, final. Channel must be included for every message.<|end|>',
  systemPrefix: '<|start|>developer<|message|># Instructions\n\n',
  systemSuffix: '<|end|>',
  userPrefix: '<|start|>user<|message|>',
  userSuffix: '<|end|>',
  assistantPrefix: '<|start|>assistant<|channel|>final<|message|>',
  assistantSuffix: '<|end|>',
  lastAssistantPrefix: '<|start|>assistant',
  stop: ['<|return|>', '<|call|>', '<|start|>user'],
});

/**
 * Apriel 1.6 (ServiceNow): its reasoning instructions open the system turn, and the reply starts with the
 * reasoning header, so the model reasons first and answers after `[BEGIN FINAL RESPONSE]` (read as reasoning
 * up to there). Earlier answers stand without their reasoning, as its template writes them.
 */
const APRIEL_REASONING_PROMPT =
  'You are a thoughtful, systematic AI assistant from ServiceNow Language Models (SLAM) lab. Analyze each question carefully, present your reasoning step-by-step, then provide the final response after the marker [BEGIN FINAL RESPONSE].';
export const aprielTemplate = sequenceTemplate('apriel', {
  systemPrefix: `<|begin_system|>\n${APRIEL_REASONING_PROMPT}\n`,
  systemSuffix: '\n',
  userPrefix: '<|begin_user|>\n',
  userSuffix: '\n',
  assistantPrefix: '<|begin_assistant|>\n',
  assistantSuffix: '\n<|end|>\n',
  replyPrefix: 'Here are my reasoning steps:\n',
  stop: ['<|end|>', '<|begin_user|>'],
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

// DeepSeek V3.1 and V3.2: each answer opens with `</think>` (thinking off), and the thinking variant opens
// `<think>` for the new reply instead; earlier answers keep the non-thinking form, as their template has it.
const DEEPSEEK_V31 = {
  systemSuffix: '',
  userPrefix: '<｜User｜>',
  assistantPrefix: '<｜Assistant｜></think>',
  assistantSuffix: '<｜end▁of▁sentence｜>',
  stop: ['<｜end▁of▁sentence｜>', '<｜User｜>'],
};
export const deepseekV31Template = sequenceTemplate('deepseek-v3.1', DEEPSEEK_V31);
export const deepseekV31ThinkTemplate = sequenceTemplate('deepseek-v3.1-think', {
  ...DEEPSEEK_V31,
  lastAssistantPrefix: '<｜Assistant｜><think>',
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

/**
 * A template whose new replies start with `replyPrefix`; a continued assistant turn (a prefill) is left as
 * it is, since it already holds the reply's start.
 */
export function withReplyPrefix(name: string, base: InstructTemplate, replyPrefix: string): InstructTemplate {
  return {
    name,
    stop: base.stop,
    replyStart: base.replyStart + replyPrefix,
    render: (turns) => base.render(turns) + (turns.at(-1)?.role === 'assistant' ? '' : replyPrefix),
  };
}

// The reasoning models' own templates open the reasoning block for the reply: DeepSeek-R1 (and its distills),
// QwQ and the Qwen3 Thinking models (ChatML). The answer then holds only `</think>`.
export const deepseekR1Template = withReplyPrefix('deepseek-r1', deepseekTemplate, '<think>\n');
export const chatmlThinkTemplate = withReplyPrefix('chatml-think', chatmlTemplate, '<think>\n');

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
  chatmlthink: chatmlThinkTemplate,
  llama3: llama3Template,
  llama4: llama4Template,
  mistral: mistralTemplate,
  mistraltekken: mistralTekkenTemplate,
  mistralv7: mistralV7Template,
  gemma: gemmaTemplate,
  gemma4: gemma4Template,
  phi: phiTemplate,
  deepseek: deepseekTemplate,
  deepseekr1: deepseekR1Template,
  deepseekv31: deepseekV31Template,
  deepseekv31think: deepseekV31ThinkTemplate,
  glm: glmTemplate,
  kimi: kimiTemplate,
  harmony: harmonyTemplate,
  apriel: aprielTemplate,
  commandr: commandRTemplate,
  alpaca: alpacaTemplate,
  vicuna: vicunaTemplate,
  raw: rawTemplate,
});

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
    qwq: 'chatmlthink',
    deepseekv32: 'deepseekv31',
    deepseekv32think: 'deepseekv31think',
    kimik2: 'kimi',
    gptoss: 'harmony',
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
