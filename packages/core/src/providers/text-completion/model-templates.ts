/**
 * Instruct templates written from each model family's own chat template (tokenizer_config.json), as role
 * wrappers; BOS is left to the backend. The registry and the generic shapes are in templates.ts.
 */
import { sequenceTemplate } from './sequence-template.js';
import type { InstructTemplate } from './templates.js';

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

// GLM-4.5 / 4.6: the header on a line of its own, each earlier answer after an empty `<think></think>`, and the
// new reply opened at `<|assistant|>` alone (the model writes its own `<think>` block there).
export const glm45Template = sequenceTemplate('glm-4.5', {
  prefix: '[gMASK]<sop>',
  systemPrefix: '<|system|>\n',
  userPrefix: '<|user|>\n',
  assistantPrefix: '<|assistant|>\n<think></think>\n',
  lastAssistantPrefix: '<|assistant|>',
  stop: ['<|user|>', '<|observation|>', '<|endoftext|>'],
});

// GLM-4.7: no newline after the headers, earlier answers after `</think>`, and `<think>` opened for the new reply.
export const glm47Template = sequenceTemplate('glm-4.7', {
  prefix: '[gMASK]<sop>',
  systemPrefix: '<|system|>',
  userPrefix: '<|user|>',
  assistantPrefix: '<|assistant|></think>',
  lastAssistantPrefix: '<|assistant|>',
  replyPrefix: '<think>',
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

// Granite 3 / 4 (IBM): every turn `<|start_of_role|>ROLE<|end_of_role|>…<|end_of_text|>`. Granite 3.2's
// thinking headers and 3.3's <think>/<response> in the reply are read where the model is named.
export const graniteTemplate = sequenceTemplate('granite', {
  systemPrefix: '<|start_of_role|>system<|end_of_role|>',
  systemSuffix: '<|end_of_text|>\n',
  userPrefix: '<|start_of_role|>user<|end_of_role|>',
  userSuffix: '<|end_of_text|>\n',
  assistantPrefix: '<|start_of_role|>assistant<|end_of_role|>',
  assistantSuffix: '<|end_of_text|>\n',
  stop: ['<|end_of_text|>', '<|start_of_role|>'],
});

// Seed-OSS (ByteDance): every turn `<seed:bos>ROLE\n…<seed:eos>`; the model opens its own `<seed:think>`.
export const seedOssTemplate = sequenceTemplate('seed-oss', {
  systemPrefix: '<seed:bos>system\n',
  systemSuffix: '<seed:eos>',
  userPrefix: '<seed:bos>user\n',
  userSuffix: '<seed:eos>',
  assistantPrefix: '<seed:bos>assistant\n',
  assistantSuffix: '<seed:eos>',
  stop: ['<seed:eos>', '<seed:bos>'],
});

/**
 * A template whose chat template always writes a system turn: `text` stands in when the chat has none (a function
 * when it holds something of the moment, such as the date).
 */
function alwaysWithSystem(base: InstructTemplate, text: string | (() => string)): InstructTemplate {
  return {
    ...base,
    render: (turns) =>
      base.render(
        turns[0]?.role === 'system'
          ? turns
          : [{ role: 'system', content: typeof text === 'string' ? text : text() }, ...turns],
      ),
  };
}

/**
 * MiniMax-M2: `]~!b[` once, each turn `]~b]ROLE\n…[e~[\n` (the assistant's role is `ai`), and the template always
 * writes a system turn (its default text when the chat has none) and opens `<think>` for the new reply.
 */
export const minimaxM2Template = alwaysWithSystem(
  sequenceTemplate('minimax-m2', {
    prefix: ']~!b[',
    systemPrefix: ']~b]system\n',
    systemSuffix: '[e~[\n',
    userPrefix: ']~b]user\n',
    userSuffix: '[e~[\n',
    assistantPrefix: ']~b]ai\n',
    assistantSuffix: '[e~[\n',
    replyPrefix: '<think>\n',
    stop: ['[e~[', ']~b]'],
  }),
  'You are a helpful assistant.',
);

/**
 * NVIDIA Nemotron Nano 2: `<SPECIAL_10>System` always (empty when the chat has none), `<SPECIAL_11>ROLE` headers,
 * answers ended by `<SPECIAL_12>`, and `<think>` opened for the new reply (thinking is on by default).
 */
export const nemotronV2Template = alwaysWithSystem(
  sequenceTemplate('nemotron-v2', {
    systemPrefix: '<SPECIAL_10>System\n',
    systemSuffix: '\n\n',
    userPrefix: '<SPECIAL_11>User\n',
    userSuffix: '\n',
    assistantPrefix: '<SPECIAL_11>Assistant\n',
    assistantSuffix: '\n<SPECIAL_12>\n\n',
    replyPrefix: '<think>\n\n',
    stop: ['<SPECIAL_12>', '<SPECIAL_11>'],
  }),
  '',
);

// Phi-4 (14B): ChatML's tokens with `<|im_sep|>` after the role and no newlines anywhere.
export const phi4Template = sequenceTemplate('phi4', {
  systemPrefix: '<|im_start|>system<|im_sep|>',
  systemSuffix: '<|im_end|>',
  userPrefix: '<|im_start|>user<|im_sep|>',
  userSuffix: '<|im_end|>',
  assistantPrefix: '<|im_start|>assistant<|im_sep|>',
  assistantSuffix: '<|im_end|>',
  stop: ['<|im_end|>', '<|im_start|>', '<|endoftext|>'],
});

// Phi-4-mini: Phi-3's tags without its newlines.
export const phi4MiniTemplate = sequenceTemplate('phi4-mini', {
  systemPrefix: '<|system|>',
  systemSuffix: '<|end|>',
  userPrefix: '<|user|>',
  userSuffix: '<|end|>',
  assistantPrefix: '<|assistant|>',
  assistantSuffix: '<|end|>',
  stop: ['<|end|>', '<|user|>', '<|endoftext|>'],
});

// EXAONE 4.0 (LG AI Research): `[|ROLE|]\n…[|endofturn|]\n`; with thinking off (its default) every answer, the new
// one included, follows an empty `<think>` block; the thinking variant opens `<think>\n` for the new reply.
const EXAONE4 = {
  systemPrefix: '[|system|]\n',
  systemSuffix: '[|endofturn|]\n',
  userPrefix: '[|user|]\n',
  userSuffix: '[|endofturn|]\n',
  assistantPrefix: '[|assistant|]\n<think>\n\n</think>\n\n',
  assistantSuffix: '[|endofturn|]\n',
  stop: ['[|endofturn|]', '[|user|]'],
};
export const exaone4Template = sequenceTemplate('exaone-4', EXAONE4);
export const exaone4ThinkTemplate = sequenceTemplate('exaone-4-think', {
  ...EXAONE4,
  lastAssistantPrefix: '[|assistant|]\n',
  replyPrefix: '<think>\n',
});

// OLMo 2 Instruct (Ai2, the Tulu template): `<|ROLE|>\n…\n`, an answer ended by `<|endoftext|>` (its EOS).
export const olmo2Template = sequenceTemplate('olmo2', {
  systemPrefix: '<|system|>\n',
  systemSuffix: '\n',
  userPrefix: '<|user|>\n',
  userSuffix: '\n',
  assistantPrefix: '<|assistant|>\n',
  assistantSuffix: '<|endoftext|>\n',
  stop: ['<|endoftext|>', '\n<|user|>'],
});

// ERNIE 4.5 (Baidu): `<|begin_of_sentence|>` once, the system text as it is, `User: ` / `Assistant: ` lines, and
// each answer ended by `<|end_of_sentence|>` with the next turn right after it.
export const ernieTemplate = sequenceTemplate('ernie', {
  prefix: '<|begin_of_sentence|>',
  systemSuffix: '\n',
  userPrefix: 'User: ',
  userSuffix: '\n',
  assistantPrefix: 'Assistant: ',
  assistantSuffix: '<|end_of_sentence|>',
  stop: ['<|end_of_sentence|>', '\nUser:'],
});

// Metharme (Pygmalion 2 and the roleplay models trained on its format): `<|system|>`, `<|user|>` and `<|model|>`
// run straight on, as SillyTavern's Metharme preset writes them.
export const metharmeTemplate = sequenceTemplate('metharme', {
  systemPrefix: '<|system|>',
  userPrefix: '<|user|>',
  assistantPrefix: '<|model|>',
  stop: ['</s>', '<|user|>', '<|system|>', '<|model|>'],
});

/**
 * Hunyuan-A13B (Tencent): `<|startoftext|>` opens the system text (ended by `<|extra_4|>`) and each user turn except
 * the one right after it; a user turn ends with `<|extra_0|>`, an answer with `<|eos|>`. The model writes its own
 * `<think>` and `<answer>` blocks.
 */
export const hunyuanTemplate: InstructTemplate = {
  name: 'hunyuan',
  stop: ['<|eos|>', '<|extra_5|>', '<|startoftext|>'],
  replyStart: '<|extra_0|>',
  render(turns) {
    let out = '';
    turns.forEach((turn, i) => {
      const previous = turns[i - 1]?.role;
      if (turn.role === 'system') out += `<|startoftext|>${turn.content}<|extra_4|>`;
      else if (turn.role === 'user')
        out += `${previous === 'system' ? '' : '<|startoftext|>'}${turn.content}<|extra_0|>`;
      else out += turn.content + (i === turns.length - 1 ? '' : '<|eos|>');
    });
    return out;
  },
};

/**
 * Apertus (Swiss AI, 2509): `<|ROLE_start|>…<|ROLE_end|>` with nothing between turns, the developer block its
 * template always writes after the system turn (reasoning and tools off: the tools are in the prompt's own text
 * here), and its default system text, with today's date, when the chat has none.
 */
export const apertusTemplate = alwaysWithSystem(
  sequenceTemplate('apertus', {
    systemPrefix: '<|system_start|>',
    systemSuffix:
      '<|system_end|><|developer_start|>Deliberation: disabled\nTool Capabilities: disabled<|developer_end|>',
    userPrefix: '<|user_start|>',
    userSuffix: '<|user_end|>',
    assistantPrefix: '<|assistant_start|>',
    assistantSuffix: '<|assistant_end|>',
    stop: ['<|assistant_end|>', '<|user_start|>'],
  }),
  () =>
    `You are Apertus, a helpful assistant created by the SwissAI initiative.\nKnowledge cutoff: 2024-04\nCurrent date: ${localDate(new Date())}`,
);

/** YYYY-MM-DD in the server's own time zone, as the template's `strftime_now('%Y-%m-%d')` writes it. */
export function localDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}
