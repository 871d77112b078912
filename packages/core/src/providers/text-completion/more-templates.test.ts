import { completionsResponse, createEmulator } from '@toolsmith/emulator';
import { describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../../base/errors.js';
import { textCompletionAdapter } from './adapter.js';
import { parseCustomTemplate } from './custom-template.js';
import { localDate } from './model-templates.js';
import {
  INSTRUCT_TEMPLATE_CHOICES,
  instructTemplateKey,
  suggestInstructTemplate,
  templateToOffer,
} from './template-names.js';
import { getInstructTemplate, type InstructTurn, instructTemplates } from './templates.js';

const TURNS: InstructTurn[] = [
  { role: 'system', content: 'S' },
  { role: 'user', content: 'U1' },
  { role: 'assistant', content: 'A1' },
  { role: 'user', content: 'U2' },
];
const render = (name: string) => getInstructTemplate(name).render(TURNS);

describe('instruct templates of each family (from their chat templates)', () => {
  it.each([
    [
      'gemma',
      '<start_of_turn>user\nS\n\nU1<end_of_turn>\n<start_of_turn>model\nA1<end_of_turn>\n<start_of_turn>user\nU2<end_of_turn>\n<start_of_turn>model\n',
    ],
    [
      'phi-3',
      '<|system|>\nS<|end|>\n<|user|>\nU1<|end|>\n<|assistant|>\nA1<|end|>\n<|user|>\nU2<|end|>\n<|assistant|>\n',
    ],
    ['DeepSeek', 'S\n\n<｜User｜>U1<｜Assistant｜>A1<｜end▁of▁sentence｜><｜User｜>U2<｜Assistant｜>'],
    [
      'gemma-4',
      '<|turn>system\nS<turn|>\n<|turn>user\nU1<turn|>\n<|turn>model\nA1<turn|>\n<|turn>user\nU2<turn|>\n<|turn>model\n',
    ],
    [
      'llama-4',
      '<|header_start|>system<|header_end|>\n\nS<|eot|><|header_start|>user<|header_end|>\n\nU1<|eot|><|header_start|>assistant<|header_end|>\n\nA1<|eot|><|header_start|>user<|header_end|>\n\nU2<|eot|><|header_start|>assistant<|header_end|>\n\n',
    ],
    [
      'kimi-k2',
      '<|im_system|>system<|im_middle|>S<|im_end|><|im_user|>user<|im_middle|>U1<|im_end|><|im_assistant|>assistant<|im_middle|>A1<|im_end|><|im_user|>user<|im_middle|>U2<|im_end|><|im_assistant|>assistant<|im_middle|>',
    ],
    [
      'gpt-oss',
      '<|start|>system<|message|>You are ChatGPT, a large language model trained by OpenAI.\nKnowledge cutoff: 2024-06\n\nReasoning: medium\n\n# Valid channels: analysis, commentary, final. Channel must be included for every message.<|end|><|start|>developer<|message|># Instructions\n\nS<|end|><|start|>user<|message|>U1<|end|><|start|>assistant<|channel|>final<|message|>A1<|end|><|start|>user<|message|>U2<|end|><|start|>assistant',
    ],
    [
      'deepseek-v3.1',
      'S<｜User｜>U1<｜Assistant｜></think>A1<｜end▁of▁sentence｜><｜User｜>U2<｜Assistant｜></think>',
    ],
    [
      'DeepSeek-V3.2-think',
      'S<｜User｜>U1<｜Assistant｜></think>A1<｜end▁of▁sentence｜><｜User｜>U2<｜Assistant｜><think>',
    ],
    ['glm4', '[gMASK]<sop><|system|>\nS<|user|>\nU1<|assistant|>\nA1<|user|>\nU2<|assistant|>\n'],
    [
      'command-r',
      '<|START_OF_TURN_TOKEN|><|SYSTEM_TOKEN|>S<|END_OF_TURN_TOKEN|><|START_OF_TURN_TOKEN|><|USER_TOKEN|>U1<|END_OF_TURN_TOKEN|><|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>A1<|END_OF_TURN_TOKEN|><|START_OF_TURN_TOKEN|><|USER_TOKEN|>U2<|END_OF_TURN_TOKEN|><|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>',
    ],
    [
      'Apriel',
      '<|begin_system|>\nYou are a thoughtful, systematic AI assistant from ServiceNow Language Models (SLAM) lab. Analyze each question carefully, present your reasoning step-by-step, then provide the final response after the marker [BEGIN FINAL RESPONSE].\nS\n<|begin_user|>\nU1\n<|begin_assistant|>\nA1\n<|end|>\n<|begin_user|>\nU2\n<|begin_assistant|>\nHere are my reasoning steps:\n',
    ],
    [
      'Granite',
      '<|start_of_role|>system<|end_of_role|>S<|end_of_text|>\n<|start_of_role|>user<|end_of_role|>U1<|end_of_text|>\n<|start_of_role|>assistant<|end_of_role|>A1<|end_of_text|>\n<|start_of_role|>user<|end_of_role|>U2<|end_of_text|>\n<|start_of_role|>assistant<|end_of_role|>',
    ],
    // Functionary v3.2 (also by its short name): Llama 3 roles, the reply opening at its recipient
    [
      'functionary-v3.2',
      '<|start_header_id|>system<|end_header_id|>\n\nS<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nU1<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\nA1<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nU2<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n>>>',
    ],
    ['Functionary', render('functionary-v3.2')],
    ['vicuna', 'S\n\nUSER: U1\nASSISTANT: A1</s>\nUSER: U2\nASSISTANT: '],
    ['mistral-tekken', '[INST]S\n\nU1[/INST]A1</s>[INST]U2[/INST]'],
    ['mistral-v7', '[SYSTEM_PROMPT]S[/SYSTEM_PROMPT][INST]U1[/INST]A1</s>[INST]U2[/INST]'],
    [
      'Seed-OSS',
      '<seed:bos>system\nS<seed:eos><seed:bos>user\nU1<seed:eos><seed:bos>assistant\nA1<seed:eos><seed:bos>user\nU2<seed:eos><seed:bos>assistant\n',
    ],
    // MiniMax-M2 opens the reasoning for the new reply (and only there)
    [
      'MiniMax-M2',
      ']~!b[]~b]system\nS[e~[\n]~b]user\nU1[e~[\n]~b]ai\nA1[e~[\n]~b]user\nU2[e~[\n]~b]ai\n<think>\n',
    ],
    ['minimax', render('minimax-m2')],
    [
      'nemotron-v2',
      '<SPECIAL_10>System\nS\n\n<SPECIAL_11>User\nU1\n<SPECIAL_11>Assistant\nA1\n<SPECIAL_12>\n\n<SPECIAL_11>User\nU2\n<SPECIAL_11>Assistant\n<think>\n\n',
    ],
    ['Nemotron-Nano-v2', render('nemotron-v2')],
    [
      'phi4',
      '<|im_start|>system<|im_sep|>S<|im_end|><|im_start|>user<|im_sep|>U1<|im_end|><|im_start|>assistant<|im_sep|>A1<|im_end|><|im_start|>user<|im_sep|>U2<|im_end|><|im_start|>assistant<|im_sep|>',
    ],
    ['phi-4-mini', '<|system|>S<|end|><|user|>U1<|end|><|assistant|>A1<|end|><|user|>U2<|end|><|assistant|>'],
    [
      'EXAONE-4',
      '[|system|]\nS[|endofturn|]\n[|user|]\nU1[|endofturn|]\n[|assistant|]\n<think>\n\n</think>\n\nA1[|endofturn|]\n[|user|]\nU2[|endofturn|]\n[|assistant|]\n<think>\n\n</think>\n\n',
    ],
    // thinking on: the new reply opens the block, earlier answers keep their empty one
    [
      'exaone-4-think',
      '[|system|]\nS[|endofturn|]\n[|user|]\nU1[|endofturn|]\n[|assistant|]\n<think>\n\n</think>\n\nA1[|endofturn|]\n[|user|]\nU2[|endofturn|]\n[|assistant|]\n<think>\n',
    ],
    ['llama2', '[INST] <<SYS>>\nS\n<</SYS>>\n\nU1 [/INST] A1 </s><s>[INST] U2 [/INST]'],
    ['ERNIE-4.5', '<|begin_of_sentence|>S\nUser: U1\nAssistant: A1<|end_of_sentence|>User: U2\nAssistant: '],
    ['metharme', '<|system|>S<|user|>U1<|model|>A1<|user|>U2<|model|>'],
    // Hunyuan: the first user turn after the system text has no <|startoftext|> of its own
    ['hunyuan', '<|startoftext|>S<|extra_4|>U1<|extra_0|>A1<|eos|><|startoftext|>U2<|extra_0|>'],
    // Apertus: its developer block after the system turn, reasoning and tools off
    [
      'Apertus',
      '<|system_start|>S<|system_end|><|developer_start|>Deliberation: disabled\nTool Capabilities: disabled<|developer_end|><|user_start|>U1<|user_end|><|assistant_start|>A1<|assistant_end|><|user_start|>U2<|user_end|><|assistant_start|>',
    ],
    ['Pygmalion', render('metharme')],
    ['OLMo-2', '<|system|>\nS\n<|user|>\nU1\n<|assistant|>\nA1<|endoftext|>\n<|user|>\nU2\n<|assistant|>\n'],
    [
      'glm-4.5',
      '[gMASK]<sop><|system|>\nS<|user|>\nU1<|assistant|>\n<think></think>\nA1<|user|>\nU2<|assistant|>',
    ],
    ['GLM-4.6', render('glm-4.5')],
    // GLM-4.7 opens the reasoning for the new reply; earlier answers stand after `</think>`
    ['glm-4.7', '[gMASK]<sop><|system|>S<|user|>U1<|assistant|></think>A1<|user|>U2<|assistant|><think>'],
  ])('%s', (name, prompt) => {
    expect(render(name)).toBe(prompt);
  });

  it('MiniMax-M2 and Nemotron Nano 2 always write a system turn: their default when the chat has none', () => {
    expect(getInstructTemplate('minimax-m2').render(TURNS.slice(1, 2))).toBe(
      ']~!b[]~b]system\nYou are a helpful assistant.[e~[\n]~b]user\nU1[e~[\n]~b]ai\n<think>\n',
    );
    expect(getInstructTemplate('minimax-m2').replyStart).toBe(']~b]ai\n<think>\n');
    // Nemotron Nano 2 writes its system header with nothing in it
    expect(getInstructTemplate('nemotron-v2').render(TURNS.slice(1, 2))).toBe(
      '<SPECIAL_10>System\n\n\n<SPECIAL_11>User\nU1\n<SPECIAL_11>Assistant\n<think>\n\n',
    );
  });

  it("Apertus without a system turn writes its default one, with today's date", () => {
    const today = localDate(new Date());
    const prompt = getInstructTemplate('apertus').render(TURNS.slice(1, 2));
    // the date is read when the prompt is built; a run across midnight may see the next day
    expect([today, localDate(new Date())]).toContain(/Current date: (\d{4}-\d{2}-\d{2})/.exec(prompt)?.[1]);
    // the server's own day, not UTC's
    expect(localDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    expect(prompt.replace(/\d{4}-\d{2}-\d{2}/, 'DATE')).toBe(
      '<|system_start|>You are Apertus, a helpful assistant created by the SwissAI initiative.\nKnowledge cutoff: 2024-04\nCurrent date: DATE<|system_end|><|developer_start|>Deliberation: disabled\nTool Capabilities: disabled<|developer_end|><|user_start|>U1<|user_end|><|assistant_start|>',
    );
  });

  it('Hunyuan-A13B without a system turn opens each user turn; a prefill is continued', () => {
    expect(getInstructTemplate('Hunyuan-A13B').render(TURNS.slice(1))).toBe(
      '<|startoftext|>U1<|extra_0|>A1<|eos|><|startoftext|>U2<|extra_0|>',
    );
    expect(getInstructTemplate('hunyuan').render(TURNS.slice(1, 3))).toBe('<|startoftext|>U1<|extra_0|>A1');
  });

  it("Llama 2 ends a new reply's prompt at [/INST]; a prefill continues after its space", () => {
    expect(getInstructTemplate('llama2').render(TURNS.slice(1, 2))).toBe('[INST] U1 [/INST]');
    expect(
      getInstructTemplate('llama2').render([
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hel' },
      ]),
    ).toBe('[INST] Hi [/INST] Hel');
  });

  it('a last assistant turn is continued, not closed', () => {
    const turns: InstructTurn[] = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hel' },
    ];
    expect(getInstructTemplate('gemma').render(turns)).toBe(
      '<start_of_turn>user\nHi<end_of_turn>\n<start_of_turn>model\nHel',
    );
  });
});

describe('reasoning model templates: the reply starts inside <think>', () => {
  it.each([
    [
      'deepseek-r1',
      'S\n\n<｜User｜>U1<｜Assistant｜>A1<｜end▁of▁sentence｜><｜User｜>U2<｜Assistant｜><think>\n',
    ],
    [
      'chatml-think',
      '<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nU1<|im_end|>\n<|im_start|>assistant\nA1<|im_end|>\n<|im_start|>user\nU2<|im_end|>\n<|im_start|>assistant\n<think>\n',
    ],
    ['QwQ', render('chatml-think')],
    ['deepseek-v3.1-think', render('deepseek-v3.2-think')],
  ])('%s opens the block for the new reply only, never in the history', (name, prompt) => {
    expect(render(name)).toBe(prompt);
    expect(getInstructTemplate(name).replyStart).toMatch(/<think>\n?$/);
    expect(getInstructTemplate(name).stop).toEqual(
      getInstructTemplate(name.startsWith('deep') ? 'deepseek' : 'chatml').stop,
    );
  });

  it("a continued assistant turn (a prefill) gets no reply prefix: it holds the reply's start itself", () => {
    const turns: InstructTurn[] = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: '<think>\nThe user' },
    ];
    expect(getInstructTemplate('deepseek-r1').render(turns)).toBe(
      '<｜User｜>Hi<｜Assistant｜><think>\nThe user',
    );
    expect(getInstructTemplate('chatml').replyStart).toBe('<|im_start|>assistant\n');
  });
});

describe('user-defined templates', () => {
  it('a JSON object of sequences renders and brings its stops', () => {
    const template = getInstructTemplate(
      JSON.stringify({
        systemPrefix: '### System\n',
        systemSuffix: '\n',
        userPrefix: '### Human\n',
        userSuffix: '\n',
        assistantPrefix: '### Bot\n',
        assistantSuffix: '\n',
        stop: ['### Human'],
      }),
    );
    expect(template.render(TURNS)).toBe(
      '### System\nS\n### Human\nU1\n### Bot\nA1\n### Human\nU2\n### Bot\n',
    );
    expect(template.stop).toEqual(['### Human']);
  });

  it('replyPrefix starts each new reply (SillyTavern\'s "Start Reply With")', () => {
    const template = parseCustomTemplate(
      JSON.stringify({
        userPrefix: 'U: ',
        userSuffix: '\n',
        assistantPrefix: 'A: ',
        assistantSuffix: '\n',
        replyPrefix: '<think>',
      }),
    );
    expect(template.render(TURNS.slice(1))).toBe('U: U1\nA: A1\nU: U2\nA: <think>');
    expect(template.replyStart).toBe('A: <think>');
    expect(() => parseCustomTemplate('{"userPrefix":"U","assistantPrefix":"A","replyPrefix":1}')).toThrow(
      /replyPrefix must be a string/,
    );
  });

  it.each([
    ['{not json', /JSON object/],
    ['{"userPrefix":"U"}', /needs userPrefix and assistantPrefix/],
    ['{"userPrefix":"U","assistantPrefix":"A","inputSequence":"x"}', /unknown key "inputSequence"/],
    ['{"userPrefix":"U","assistantPrefix":"A","stop":[""]}', /stop must be a list of non-empty strings/],
  ])('%s is refused with what to fix', (json, message) => {
    try {
      parseCustomTemplate(json);
      throw new Error('expected a refusal');
    } catch (error) {
      expect(isGenerateTaskError(error) && error.code).toBe('invalid_input');
      expect((error as Error).message).toMatch(message);
    }
  });

  it('goes to the backend as the prompt, with its stops', async () => {
    const emulator = await createEmulator();
    try {
      emulator.enqueue('/v1/completions', completionsResponse('ok'));
      const events = textCompletionAdapter.send({
        connection: {
          name: 'c',
          api: 'text-completion',
          baseUrl: emulator.url,
          model: 'm',
          functionCalling: { enabled: false, mode: 'auto' },
          instructTemplate:
            '{"userPrefix":"Q: ","userSuffix":"\\n","assistantPrefix":"A: ","stop":["\\nQ:"]}',
        },
        messages: [{ role: 'user', content: 'Two plus two?' }],
        stream: false,
      });
      for await (const _event of events) {
        // drain
      }
      expect(emulator.requests[0].body).toEqual({
        model: 'm',
        prompt: 'Q: Two plus two?\nA: ',
        stop: ['\nQ:'],
      });
    } finally {
      await emulator.close();
    }
  });
});

describe('the templates the Connections form offers', () => {
  it('are the registry: each choice resolves, and every template is offered once', () => {
    const offered = INSTRUCT_TEMPLATE_CHOICES.map((choice) => getInstructTemplate(choice.value));
    expect(new Set(offered).size).toBe(offered.length);
    expect(new Set(offered)).toEqual(
      new Set(Object.values(instructTemplates).filter((t) => t.name !== 'raw')),
    );
    // a choice is saved as the template's own name, so what the form shows is what the prompt uses
    expect(offered.map((t) => t.name)).toEqual(INSTRUCT_TEMPLATE_CHOICES.map((choice) => choice.value));
  });

  it('say which open <think> for a new reply, as the templates do', () => {
    for (const choice of INSTRUCT_TEMPLATE_CHOICES) {
      const opens = /<think>\n*$/.test(getInstructTemplate(choice.value).replyStart);
      expect(choice.opensThink === true, choice.value).toBe(opens);
    }
    expect(INSTRUCT_TEMPLATE_CHOICES.filter((choice) => choice.opensThink)).toHaveLength(7);
  });
});

describe('the template a model name suggests', () => {
  it.each([
    ['gpt-oss-20b-MXFP4.gguf', 'harmony'],
    ['DeepSeek-R1-Distill-Qwen-14B-Q4_K_M', 'deepseek-r1'],
    ['deepseek-ai/DeepSeek-V3.1-Terminus', 'deepseek-v3.1'],
    ['DeepSeek-V3_2-Exp-IQ2_XXS', 'deepseek-v3.1'],
    ['deepseek-coder-v2-lite', 'deepseek'],
    ['QwQ-32B-Q5_K_M.gguf', 'chatml-think'],
    ['Qwen3-30B-A3B-Thinking-2507', 'chatml-think'],
    ['Qwen2.5-7B-Instruct', 'chatml'],
    ['Hermes-3-Llama-3.1-8B.Q6_K', 'chatml'],
    ['koboldcpp/GLM-4.7-Flash-Q4_K_M', 'glm-4.7'],
    ['GLM-4.6-UD-IQ1_S', 'glm-4.5'],
    ['zai-org/GLM-4.5-Air', 'glm-4.5'],
    ['glm-4-9b-chat-0414', 'glm'],
    ['Kimi-K2-Instruct-0905', 'kimi'],
    ['gemma-4-31b-it', 'gemma4'],
    ['gemma-3-27b-it-qat', 'gemma'],
    ['functionary-small-v3.2', 'functionary-v3.2'],
    ['Llama-4-Scout-17B-16E-Instruct', 'llama4'],
    ['Meta-Llama-3.1-8B-Instruct-Q8_0', 'llama3'],
    ['granite-4.0-h-small', 'granite'],
    ['Seed-OSS-36B-Instruct-Q4_K_M', 'seed-oss'],
    ['MiniMax-M2.1-UD-Q3_K_XL', 'minimax-m2'],
    ['NVIDIA-Nemotron-Nano-9B-v2-Q8_0', 'nemotron-v2'],
    ['Apriel-1.6-15b-Thinker', 'apriel'],
    ['Phi-4-mini-instruct', 'phi4-mini'],
    ['phi-4-Q4_K_M.gguf', 'phi4'],
    ['Phi-3.5-mini-instruct', 'phi'],
    ['EXAONE-4.0-32B-GGUF', 'exaone-4'],
    ['OLMo-2-1124-13B-Instruct', 'olmo2'],
    ['c4ai-command-r-08-2024', 'command-r'],
    ['Mistral-Nemo-Instruct-2407', 'mistral-tekken'],
    ['Magistral-Small-2509', 'mistral-v7'],
    ['Mistral-7B-Instruct-v0.3', 'mistral'],
    ['vicuna-13b-v1.5', 'vicuna'],
    ['Llama-2-13b-chat-hf', 'llama2'],
    ['ERNIE-4.5-21B-A3B-PT', 'ernie'],
    ['pygmalion-2-13b.Q5_K_M', 'metharme'],
    ['Hunyuan-A13B-Instruct-Q4_0', 'hunyuan'],
    ['swiss-ai/Apertus-8B-Instruct-2509', 'apertus'],
  ])('%s → %s', (model, template) => {
    expect(suggestInstructTemplate(model)?.value).toBe(template);
  });

  it('is offered only where the saved template is another one (an empty value is ChatML; aliases are the same)', () => {
    expect(templateToOffer('GLM-4.7-Flash', '')?.value).toBe('glm-4.7');
    expect(templateToOffer('GLM-4.7-Flash', 'chatml')?.value).toBe('glm-4.7');
    expect(templateToOffer('GLM-4.7-Flash', 'GLM-4.7')).toBeUndefined();
    expect(templateToOffer('QwQ-32B', 'qwq')).toBeUndefined();
    expect(templateToOffer('GLM-4.6-Air', 'glm-4.6')).toBeUndefined();
    expect(templateToOffer('Qwen2.5-7B-Instruct', '')).toBeUndefined();
    expect(templateToOffer('my-finetune', 'llama3')).toBeUndefined();
    expect(instructTemplateKey('Deepseek-V3.2-Think')).toBe('deepseekv31think');
    expect(instructTemplateKey('constructor')).toBe('constructor');
  });

  it('suggests nothing for a name that says no family', () => {
    expect(suggestInstructTemplate('my-finetune-final')).toBeUndefined();
    expect(suggestInstructTemplate('')).toBeUndefined();
  });
});
