import { describe, expect, it } from 'vitest';
import {
  MSG_BODY_REQUIRED,
  MSG_DEFINITION_NOT_OBJECT,
  MSG_DESCRIPTION,
  MSG_DISPLAY_NAME,
  MSG_ENABLED,
  MSG_KIND,
  MSG_MODE,
  MSG_PARAMETERS_ROOT,
  MSG_SCRIPTS_DISABLED,
  MSG_TOOL_NAME,
  MSG_WEBHOOK_CREDENTIALS,
  MSG_WEBHOOK_HTTP_OR_HTTPS,
  MSG_WEBHOOK_HTTPS_ONLY,
  MSG_WEBHOOK_URL_INVALID,
  MSG_WEBHOOK_URL_REQUIRED,
  TOOL_NAME_PATTERN,
} from './messages.js';
import type { FieldError, ToolDefinition } from './types.js';
import { validateToolDefinition } from './validate-definition.js';

const base: ToolDefinition = {
  name: 'roll_dice',
  description: 'Roll dice and return the total.',
  parameters: {
    type: 'object',
    properties: { sides: { type: 'integer', minimum: 2 }, count: { type: 'integer' } },
    required: ['count'],
  },
  mode: 'read',
  kind: 'static',
  staticResult: '4',
  enabled: true,
};

function errorsOf(def: unknown, options = {}): FieldError[] {
  const result = validateToolDefinition(def, options);
  return result.ok ? [] : result.errors;
}

describe('validateToolDefinition', () => {
  it('accepts a valid static tool', () => {
    expect(validateToolDefinition(base)).toEqual({ ok: true });
  });

  it('rejects something that is not an object', () => {
    expect(errorsOf(null)).toEqual([{ field: '', message: MSG_DEFINITION_NOT_OBJECT }]);
    expect(errorsOf([base])).toEqual([{ field: '', message: MSG_DEFINITION_NOT_OBJECT }]);
  });

  it('uses the exact name message for every bad name', () => {
    expect(MSG_TOOL_NAME).toBe(
      'Tool name must start with a letter and use only letters, digits and underscores (1–64 characters).',
    );
    for (const name of [
      '',
      '1abc',
      '_x',
      'has-dash',
      'has space',
      'ünïcode',
      'a'.repeat(65),
      42,
      undefined,
    ]) {
      expect(errorsOf({ ...base, name })).toEqual([{ field: 'name', message: MSG_TOOL_NAME }]);
    }
    expect(errorsOf({ ...base, name: `a${'b'.repeat(63)}` })).toEqual([]);
    expect(TOOL_NAME_PATTERN.test('A_1')).toBe(true);
  });

  it('reports reserved and duplicate names', () => {
    expect(errorsOf({ ...base, name: 'web_search' }, { reservedNames: ['web_search'] })).toEqual([
      { field: 'name', message: '"web_search" is a reserved built-in tool name.' },
    ]);
    expect(errorsOf(base, { existingNames: new Set(['roll_dice']) })).toEqual([
      { field: 'name', message: 'A tool named "roll_dice" already exists.' },
    ]);
    // Reserved wins over duplicate: one message per field.
    expect(errorsOf(base, { reservedNames: ['roll_dice'], existingNames: ['roll_dice'] })).toHaveLength(1);
  });

  it('checks the description length in characters', () => {
    expect(MSG_DESCRIPTION).toBe('Description must be 1–8192 characters.');
    for (const description of ['', '   ', 'x'.repeat(8193), undefined, 7]) {
      expect(errorsOf({ ...base, description })).toEqual([
        { field: 'description', message: MSG_DESCRIPTION },
      ]);
    }
    expect(errorsOf({ ...base, description: 'x'.repeat(8192) })).toEqual([]);
    // 8192 emoji are 16384 UTF-16 units but 8192 characters.
    expect(errorsOf({ ...base, description: '🎲'.repeat(8192) })).toEqual([]);
  });

  it('checks displayName, mode, kind and enabled', () => {
    expect(errorsOf({ ...base, displayName: 'd'.repeat(257) })).toEqual([
      { field: 'displayName', message: MSG_DISPLAY_NAME },
    ]);
    expect(errorsOf({ ...base, displayName: 'd'.repeat(256) })).toEqual([]);
    expect(errorsOf({ ...base, mode: 'execute' })).toEqual([{ field: 'mode', message: MSG_MODE }]);
    expect(errorsOf({ ...base, kind: 'python' })).toEqual([{ field: 'kind', message: MSG_KIND }]);
    expect(errorsOf({ ...base, enabled: 'yes' })).toEqual([{ field: 'enabled', message: MSG_ENABLED }]);
    expect(errorsOf({ ...base, enabled: undefined })).toEqual([{ field: 'enabled', message: MSG_ENABLED }]);
  });

  it('lists every problem at once', () => {
    const errors = errorsOf({ name: '9', description: '', parameters: [], mode: 'x', kind: 'y', enabled: 1 });
    expect(errors.map((e) => e.field)).toEqual([
      'name',
      'description',
      'parameters',
      'mode',
      'kind',
      'enabled',
    ]);
  });

  describe('parameters', () => {
    it('must be an object schema with type "object" at the root', () => {
      expect(MSG_PARAMETERS_ROOT).toBe(
        'Parameters must be a JSON Schema object with "type": "object" at the root.',
      );
      for (const parameters of [undefined, null, 'object', [], { type: 'string' }, { properties: {} }]) {
        expect(errorsOf({ ...base, parameters })).toEqual([
          { field: 'parameters', message: MSG_PARAMETERS_ROOT },
        ]);
      }
    });

    it('names the JSON pointer of a meta-schema violation', () => {
      expect(
        errorsOf({ ...base, parameters: { type: 'object', properties: { n: { type: 'strin' } } } }),
      ).toEqual([
        {
          field: 'parameters',
          message:
            'Parameters schema is invalid at /properties/n/type: must be one of "array", "boolean", "integer", "null", "number", "object", "string".',
        },
      ]);
      expect(errorsOf({ ...base, parameters: { type: 'object', required: 'n' } })).toEqual([
        { field: 'parameters', message: 'Parameters schema is invalid at /required: must be array.' },
      ]);
      expect(
        errorsOf({ ...base, parameters: { type: 'object', properties: { n: { minimum: 'two' } } } }),
      ).toEqual([
        {
          field: 'parameters',
          message: 'Parameters schema is invalid at /properties/n/minimum: must be number.',
        },
      ]);
    });

    it('reports several pointers at once, each once', () => {
      const errors = errorsOf({
        ...base,
        parameters: { type: 'object', properties: { a: { type: 1 }, b: { items: 3 } } },
      });
      expect(errors.map((e) => e.message)).toEqual([
        expect.stringMatching(/^Parameters schema is invalid at \/properties\/a\/type: /),
        'Parameters schema is invalid at /properties/b/items: must be object or boolean.',
      ]);
    });

    it('catches bad regular expressions with their pointer, even under a property named "enum"', () => {
      expect(
        errorsOf({
          ...base,
          parameters: { type: 'object', properties: { enum: { type: 'string', pattern: '(' } } },
        }),
      ).toEqual([
        {
          field: 'parameters',
          message: expect.stringMatching(
            /^Parameters schema is invalid at \/properties\/enum\/pattern: the pattern is not a valid regular expression/,
          ),
        },
      ]);
    });

    it('refuses patterns the linear-time engine cannot run (lookahead, backreferences), naming the feature', () => {
      expect(
        errorsOf({
          ...base,
          parameters: {
            type: 'object',
            properties: { code: { type: 'string', pattern: '^(?!admin)\\w+$' } },
          },
        }),
      ).toEqual([
        {
          field: 'parameters',
          message: expect.stringMatching(
            /^Parameters schema is invalid at \/properties\/code\/pattern: the pattern uses a lookahead \(\?!…\), which the linear-time regex engine \(RE2\) does not support/,
          ),
        },
      ]);
    });

    it('reports schemas that cannot compile, such as a dangling $ref', () => {
      expect(
        errorsOf({ ...base, parameters: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } } }),
      ).toEqual([
        {
          field: 'parameters',
          message: expect.stringMatching(/^Parameters schema cannot be used: .*missing/),
        },
      ]);
    });

    it('accepts formats, $defs, $ref and a draft-07 $schema stamp', () => {
      const parameters = {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        $defs: { when: { type: 'string', format: 'date-time' } },
        properties: { at: { $ref: '#/$defs/when' }, mail: { type: 'string', format: 'email' } },
        additionalProperties: false,
      };
      expect(errorsOf({ ...base, parameters })).toEqual([]);
    });
  });

  describe('script tools', () => {
    const script = { ...base, kind: 'script', body: 'return args.count * 2;' };

    it('refuses script tools while scripts are disabled, with the exact message', () => {
      expect(MSG_SCRIPTS_DISABLED).toBe(
        'Script custom tools are disabled. Set CUSTOM_TOOL_SCRIPT_ENABLED=true and restart to enable sandboxed script tools.',
      );
      expect(errorsOf(script)).toEqual([{ field: 'kind', message: MSG_SCRIPTS_DISABLED }]);
      expect(errorsOf(script, { scriptsEnabled: true })).toEqual([]);
    });

    it('needs a body', () => {
      expect(errorsOf({ ...script, body: '  ' }, { scriptsEnabled: true })).toEqual([
        { field: 'body', message: MSG_BODY_REQUIRED },
      ]);
    });

    it('reports line and column of a syntax error in the user body, not the wrapper', () => {
      const body = 'const a = 1;\nconst b = ;\nreturn a;';
      expect(errorsOf({ ...script, body }, { scriptsEnabled: true })).toEqual([
        { field: 'body', message: 'Body has a syntax error at line 2, column 11: Unexpected token.' },
      ]);
      expect(errorsOf({ ...script, body: 'return (' }, { scriptsEnabled: true })).toEqual([
        { field: 'body', message: expect.stringMatching(/^Body has a syntax error at line 2, column 1: /) },
      ]);
    });

    it('accepts await, return and comments at the end of the body', () => {
      const body = 'const x = await ctx.lookup(args.q);\nreturn x; // done';
      expect(errorsOf({ ...script, body }, { scriptsEnabled: true })).toEqual([]);
    });

    it('refuses a body that closes its wrapper early', () => {
      const body = 'return 1;\n}, async () => {\nreturn 2;';
      expect(errorsOf({ ...script, body }, { scriptsEnabled: true })).toEqual([
        { field: 'body', message: expect.stringContaining('closes its enclosing function early') },
      ]);
    });

    it('checks the simulate body separately', () => {
      expect(
        errorsOf({ ...script, mode: 'write', simulateBody: 'return {;' }, { scriptsEnabled: true }),
      ).toEqual([
        {
          field: 'simulateBody',
          message: 'Simulate body has a syntax error at line 1, column 9: Unexpected token.',
        },
      ]);
    });

    it('reports the disabled message and body problems together', () => {
      expect(errorsOf({ ...script, body: '' }).map((e) => e.field)).toEqual(['kind', 'body']);
    });
  });

  describe('webhook tools', () => {
    const hook = { ...base, kind: 'webhook', webhookUrl: 'https://hooks.example.com/roll' };

    it('accepts https', () => {
      expect(errorsOf(hook)).toEqual([]);
    });

    it('needs a valid URL', () => {
      expect(errorsOf({ ...hook, webhookUrl: undefined })).toEqual([
        { field: 'webhookUrl', message: MSG_WEBHOOK_URL_REQUIRED },
      ]);
      expect(errorsOf({ ...hook, webhookUrl: 'not a url' })).toEqual([
        { field: 'webhookUrl', message: MSG_WEBHOOK_URL_INVALID },
      ]);
    });

    it('allows plain http only when local webhooks are enabled', () => {
      const http = { ...hook, webhookUrl: 'http://127.0.0.1:8080/hook' };
      expect(errorsOf(http)).toEqual([{ field: 'webhookUrl', message: MSG_WEBHOOK_HTTPS_ONLY }]);
      expect(errorsOf(http, { localWebhooksEnabled: true })).toEqual([]);
      expect(errorsOf({ ...hook, webhookUrl: 'ftp://example.com/x' })).toEqual([
        { field: 'webhookUrl', message: MSG_WEBHOOK_HTTPS_ONLY },
      ]);
      expect(errorsOf({ ...hook, webhookUrl: 'file:///etc/passwd' }, { localWebhooksEnabled: true })).toEqual(
        [{ field: 'webhookUrl', message: MSG_WEBHOOK_HTTP_OR_HTTPS }],
      );
    });

    it('asks for confirmation before storing credentials in the URL', () => {
      const withCredentials = { ...hook, webhookUrl: 'https://user:secret@hooks.example.com/roll' };
      expect(errorsOf(withCredentials)).toEqual([{ field: 'webhookUrl', message: MSG_WEBHOOK_CREDENTIALS }]);
      expect(errorsOf(withCredentials, { confirmCredentials: true })).toEqual([]);
      expect(errorsOf({ ...hook, webhookUrl: 'https://token@hooks.example.com/' })).toHaveLength(1);
    });
  });
});
