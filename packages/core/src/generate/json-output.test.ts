import { describe, expect, it } from 'vitest';
import type { GenerateTaskError } from '../base/errors.js';
import { parseJsonAnswer } from './json-output.js';

const schema = {
  type: 'object',
  properties: { mood: { type: 'string', enum: ['happy', 'sad'] }, score: { type: 'integer', minimum: 0 } },
  required: ['mood', 'score'],
  additionalProperties: false,
};

function violation(text: string): GenerateTaskError {
  try {
    parseJsonAnswer(text, schema);
  } catch (error) {
    expect((error as GenerateTaskError).code).toBe('json_schema_violation');
    return error as GenerateTaskError;
  }
  throw new Error('expected a violation');
}

describe('parseJsonAnswer', () => {
  it('parses plain, fenced and wrapped JSON', () => {
    expect(parseJsonAnswer('{"mood":"happy","score":3}', schema)).toEqual({ mood: 'happy', score: 3 });
    expect(parseJsonAnswer('```json\n{"mood":"sad","score":0}\n```', schema)).toEqual({
      mood: 'sad',
      score: 0,
    });
    expect(parseJsonAnswer('Here you go: {"mood":"sad","score":1} done.', schema)).toEqual({
      mood: 'sad',
      score: 1,
    });
    expect(parseJsonAnswer('<think>maybe {"mood":"x"}?</think>\n{"mood":"happy","score":2}', schema)).toEqual(
      {
        mood: 'happy',
        score: 2,
      },
    );
  });

  it('reports Ajv errors in details.errors', () => {
    const error = violation('{"mood":"angry","score":-1,"extra":true}');
    const errors = error.details.errors as Array<{ instancePath: string; keyword: string }>;
    expect(errors.map((e) => e.keyword).sort()).toEqual(['additionalProperties', 'enum', 'minimum']);
    expect(errors.find((e) => e.keyword === 'enum')?.instancePath).toBe('/mood');
  });

  it('reports text that is not JSON', () => {
    const error = violation('I feel happy today');
    expect((error.details.errors as Array<{ message: string }>)[0].message).toMatch(/not valid JSON/);
  });
});
