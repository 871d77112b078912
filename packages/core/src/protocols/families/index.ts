import type { FamilyParser } from './family.js';
import { hermesFamily } from './hermes.js';
import { llama3Family } from './llama3.js';
import { mistralFamily } from './mistral.js';
import { qwen3CoderFamily } from './qwen3-coder.js';

/** Every family the text parser reads, in no particular order (markers decide, not the list). */
export const FAMILY_PARSERS: readonly FamilyParser[] = [
  hermesFamily,
  qwen3CoderFamily,
  mistralFamily,
  llama3Family,
];
