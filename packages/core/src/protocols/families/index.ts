import { apertusFamily } from './apertus.js';
import { aprielFamily } from './apriel.js';
import { commandFamily } from './command.js';
import { cwmFamily } from './cwm.js';
import { deepseekFamily } from './deepseek.js';
import { dotsFamily } from './dots.js';
import type { FamilyParser } from './family.js';
import { functionaryFamily } from './functionary.js';
import { functionGemmaFamily, gemma4Family, gemmaFamily } from './gemma.js';
import { gigachatFamily } from './gigachat.js';
import { glmFamily } from './glm.js';
import { harmonyFamily } from './harmony.js';
import { ernieFamily, hermesFamily, longcatFamily } from './hermes.js';
import { hyperclovaxFamily } from './hyperclovax.js';
import {
  granite20bFamily,
  graniteFamily,
  internlm2Family,
  nemotronFamily,
  phi4MiniFamily,
  xlamFamily,
} from './json-tags.js';
import { k2HorizonFamily } from './k2-horizon.js';
import { kimiK2Family } from './kimi-k2.js';
import { kimiK3Family } from './kimi-k3.js';
import { llama3Family } from './llama3.js';
import { lmstudioFamily } from './lmstudio.js';
import { minicpmFamily } from './minicpm.js';
import { minimaxM2Family } from './minimax-m2.js';
import { minimaxM3Family } from './minimax-m3.js';
import { mistralFamily } from './mistral.js';
import { plamoFamily } from './plamo.js';
import { pythonicFamily } from './pythonic.js';
import { qwen3CoderFamily, seedOssFamily } from './qwen3-coder.js';
import { rwkvFamily } from './rwkv.js';
import { solarFamily } from './solar.js';
import { step3Family } from './step3.js';
import { hunyuanFamily, jambaFamily, minimaxM1Family } from './tool-calls-list.js';

/** Every family the text parser reads (markers decide which one a text is in, not this order). */
export const FAMILY_PARSERS: readonly FamilyParser[] = [
  hermesFamily,
  ernieFamily,
  jambaFamily,
  hunyuanFamily,
  aprielFamily,
  minimaxM1Family,
  qwen3CoderFamily,
  seedOssFamily,
  minimaxM2Family,
  minimaxM3Family,
  step3Family,
  longcatFamily,
  llama3Family,
  pythonicFamily,
  phi4MiniFamily,
  graniteFamily,
  granite20bFamily,
  internlm2Family,
  xlamFamily,
  mistralFamily,
  deepseekFamily,
  glmFamily,
  kimiK2Family,
  kimiK3Family,
  harmonyFamily,
  gemmaFamily,
  functionGemmaFamily,
  gemma4Family,
  nemotronFamily,
  commandFamily,
  apertusFamily,
  functionaryFamily,
  lmstudioFamily,
  gigachatFamily,
  minicpmFamily,
  solarFamily,
  k2HorizonFamily,
  hyperclovaxFamily,
  cwmFamily,
  plamoFamily,
  dotsFamily,
  rwkvFamily,
];
