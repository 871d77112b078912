export { re2RegExpEngine } from './ajv-engine.js';
export { jsRegexToRe2, type Re2Translation, type UnsupportedRegexFeature } from './js-to-re2.js';
export {
  compileUserRegex,
  describeRegexProblem,
  MAX_REGEX_PROGRAM_SIZE,
  UserRegex,
  type UserRegexMatch,
  type UserRegexResult,
} from './user-regex.js';
