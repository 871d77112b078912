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

export const instructTemplates: Readonly<Record<string, InstructTemplate>> = Object.freeze({
  chatml: chatmlTemplate,
  llama3: llama3Template,
  mistral: mistralTemplate,
  alpaca: alpacaTemplate,
  raw: rawTemplate,
});

/** Looks a template up by name (case-insensitive, `llama-3`/`llama3` alike); default ChatML. */
export function getInstructTemplate(name?: string): InstructTemplate {
  if (!name) return chatmlTemplate;
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (Object.hasOwn(instructTemplates, key)) return instructTemplates[key];
  throw new GenerateTaskError('invalid_input', `Unknown instruct template "${name}".`, {
    details: { instructTemplate: name, known: Object.keys(instructTemplates) },
  });
}

/** Builds the text-completion prompt for canonical messages with a template (object or name). */
export function buildInstructPrompt(messages: ChatMessage[], template: InstructTemplate | string): string {
  const t = typeof template === 'string' ? getInstructTemplate(template) : template;
  return t.render(toInstructTurns(messages));
}
