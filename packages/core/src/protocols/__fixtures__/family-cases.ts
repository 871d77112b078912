/** Every realistic model output of every family (the per-family files hold them by markup kind). */
import { APRIEL_FAMILY_CASES } from './family-outputs-apriel.js';
import { CWM_FAMILY_CASES } from './family-outputs-cwm.js';
import { DOTS_FAMILY_CASES } from './family-outputs-dots.js';
import { FUNCTIONARY_FAMILY_CASES } from './family-outputs-functionary.js';
import { GIGACHAT_FAMILY_CASES } from './family-outputs-gigachat.js';
import { HY_FAMILY_CASES } from './family-outputs-hy.js';
import { HYPERCLOVAX_FAMILY_CASES } from './family-outputs-hyperclovax.js';
import { JSON_FAMILY_CASES } from './family-outputs-json.js';
import { JSON_LIST_FAMILY_CASES } from './family-outputs-json-lists.js';
import { K2_HORIZON_FAMILY_CASES } from './family-outputs-k2-horizon.js';
import { KIMI_K3_FAMILY_CASES } from './family-outputs-kimi-k3.js';
import { LMSTUDIO_FAMILY_CASES } from './family-outputs-lmstudio.js';
import { MINICPM_FAMILY_CASES } from './family-outputs-minicpm.js';
import { MINIMAX_M3_FAMILY_CASES } from './family-outputs-minimax-m3.js';
import { PLAMO_FAMILY_CASES } from './family-outputs-plamo.js';
import { RWKV_FAMILY_CASES } from './family-outputs-rwkv.js';
import { SOLAR_FAMILY_CASES } from './family-outputs-solar.js';
import { TAGGED_FAMILY_CASES } from './family-outputs-tagged.js';
import type { FamilyCase } from './family-render.js';

export const FAMILY_CASES: readonly FamilyCase[] = [
  ...JSON_FAMILY_CASES,
  ...TAGGED_FAMILY_CASES,
  ...JSON_LIST_FAMILY_CASES,
  ...APRIEL_FAMILY_CASES,
  ...FUNCTIONARY_FAMILY_CASES,
  ...LMSTUDIO_FAMILY_CASES,
  ...GIGACHAT_FAMILY_CASES,
  ...HY_FAMILY_CASES,
  ...KIMI_K3_FAMILY_CASES,
  ...MINICPM_FAMILY_CASES,
  ...MINIMAX_M3_FAMILY_CASES,
  ...SOLAR_FAMILY_CASES,
  ...K2_HORIZON_FAMILY_CASES,
  ...HYPERCLOVAX_FAMILY_CASES,
  ...CWM_FAMILY_CASES,
  ...DOTS_FAMILY_CASES,
  ...PLAMO_FAMILY_CASES,
  ...RWKV_FAMILY_CASES,
];
