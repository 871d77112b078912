import { compileUserRegex, describeRegexProblem, type UserRegex } from './user-regex.js';

/**
 * Ajv's `code.regExp` option: JSON Schema `pattern` and `patternProperties` run on the linear-time engine
 * (tool parameters are checked against arguments a model wrote; a gateway client's `response_format`
 * schema against a model's answer). A pattern it refuses makes the schema fail to compile, with the reason.
 */
export function re2RegExpEngine(pattern: string, flags: string): UserRegex {
  const compiled = compileUserRegex(pattern, flags);
  if (!compiled.ok) throw new SyntaxError(`The pattern /${pattern}/ ${describeRegexProblem(compiled)}`);
  return compiled.regex;
}
re2RegExpEngine.code = 're2RegExpEngine';
