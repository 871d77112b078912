import { GenerateTaskError } from '../../base/errors.js';
import type { ChatMessage } from '../types.js';
import { parseCustomTemplate } from './custom-template.js';
import {
  apertusTemplate,
  aprielTemplate,
  commandRTemplate,
  deepseekTemplate,
  deepseekV31Template,
  deepseekV31ThinkTemplate,
  ernieTemplate,
  exaone4Template,
  exaone4ThinkTemplate,
  gemma4Template,
  gemmaTemplate,
  glm45Template,
  glm47Template,
  glmTemplate,
  graniteTemplate,
  harmonyTemplate,
  hunyuanTemplate,
  kimiTemplate,
  metharmeTemplate,
  minimaxM2Template,
  nemotronV2Template,
  olmo2Template,
  phi4MiniTemplate,
  phi4Template,
  phiTemplate,
  seedOssTemplate,
  vicunaTemplate,
} from './model-templates.js';
import { instructTemplateKey } from './template-names.js';

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

// Functionary v3.2: Llama 3's roles, and its template writes the `>>>` every reply starts with, so the model
// answers with a recipient first (`all\n` before text, a tool's name before a call's JSON).
export const functionaryTemplate = withReplyPrefix('functionary-v3.2', llama3Template, '>>>');

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

// Llama 2 chat: the system text inside the first instruction's <<SYS>> block, spaces inside [INST] … [/INST], each
// answer after a space and closed by `</s><s>` (its template writes both tokens between turns); the new reply's
// prompt ends at `[/INST]`, without the space, which the model writes itself.
const llama2Turns = slotTemplate('llama2', ['</s>', '[INST]'], {
  preamble: () => '',
  firstInstruction: (system, text) =>
    `[INST] ${system ? `<<SYS>>\n${system}\n<</SYS>>\n\n` : ''}${text} [/INST]`,
  instruction: (text) => `[INST] ${text} [/INST]`,
  response: ' ',
  end: ' </s><s>',
});
export const llama2Template: InstructTemplate = {
  ...llama2Turns,
  replyStart: '[/INST]',
  render: (turns) => {
    const prompt = llama2Turns.render(turns);
    return turns.at(-1)?.role === 'assistant' ? prompt : prompt.slice(0, -1);
  },
};

export const instructTemplates: Readonly<Record<string, InstructTemplate>> = Object.freeze({
  chatml: chatmlTemplate,
  chatmlthink: chatmlThinkTemplate,
  llama2: llama2Template,
  llama3: llama3Template,
  llama4: llama4Template,
  mistral: mistralTemplate,
  mistraltekken: mistralTekkenTemplate,
  mistralv7: mistralV7Template,
  gemma: gemmaTemplate,
  gemma4: gemma4Template,
  phi: phiTemplate,
  phi4: phi4Template,
  phi4mini: phi4MiniTemplate,
  deepseek: deepseekTemplate,
  deepseekr1: deepseekR1Template,
  deepseekv31: deepseekV31Template,
  deepseekv31think: deepseekV31ThinkTemplate,
  glm: glmTemplate,
  glm45: glm45Template,
  glm47: glm47Template,
  kimi: kimiTemplate,
  harmony: harmonyTemplate,
  apriel: aprielTemplate,
  granite: graniteTemplate,
  seedoss: seedOssTemplate,
  minimaxm2: minimaxM2Template,
  nemotronv2: nemotronV2Template,
  exaone4: exaone4Template,
  exaone4think: exaone4ThinkTemplate,
  olmo2: olmo2Template,
  ernie: ernieTemplate,
  hunyuan: hunyuanTemplate,
  apertus: apertusTemplate,
  metharme: metharmeTemplate,
  functionaryv32: functionaryTemplate,
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
  const found = instructTemplateKey(name);
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
