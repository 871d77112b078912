import type { ToolSpec } from '../providers/types.js';
import type { JsonSchema } from '../tools/types.js';

/** One line of the tool guide: a parameter at a dotted path (`a.b`, `items[].name`). */
export interface ParameterLine {
  path: string;
  type: string;
  required: boolean;
  description?: string;
  enumValues?: unknown[];
  defaultValue?: unknown;
  hasDefault: boolean;
  constraints: string[];
}

const MAX_DEPTH = 6;

function asSchema(value: unknown): JsonSchema | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonSchema)
    : undefined;
}

/** A readable type for a schema: `string`, `integer | null`, `array of string`, `object`. */
export function describeType(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if ('const' in schema) return `constant ${JSON.stringify(schema.const)}`;
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    return [...new Set(alternatives.map((s) => describeType(asSchema(s))))].join(' | ');
  }
  const type = schema.type;
  const types = Array.isArray(type) ? type.map(String) : typeof type === 'string' ? [type] : [];
  if (types.length === 0) {
    if (asSchema(schema.properties)) return 'object';
    if (Array.isArray(schema.enum)) return 'enum';
    return 'any';
  }
  return types
    .map((t) => {
      if (t !== 'array') return t;
      const items = asSchema(schema.items);
      return items ? `array of ${describeType(items)}` : 'array';
    })
    .join(' | ');
}

function constraintsOf(schema: JsonSchema): string[] {
  const out: string[] = [];
  const add = (key: string, label: string) => {
    if (schema[key] !== undefined) out.push(`${label} ${JSON.stringify(schema[key])}`);
  };
  add('format', 'format');
  add('minimum', 'minimum');
  add('maximum', 'maximum');
  add('exclusiveMinimum', 'greater than');
  add('exclusiveMaximum', 'less than');
  add('minLength', 'min length');
  add('maxLength', 'max length');
  add('pattern', 'pattern');
  add('minItems', 'min items');
  add('maxItems', 'max items');
  return out;
}

/** Flattens an object schema into parameter lines, nested objects and arrays of objects as paths. */
export function listParameters(parameters: JsonSchema | undefined): ParameterLine[] {
  const lines: ParameterLine[] = [];
  const walk = (schema: JsonSchema, prefix: string, depth: number) => {
    const properties = asSchema(schema.properties);
    if (!properties || depth > MAX_DEPTH) return;
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    for (const [key, value] of Object.entries(properties)) {
      const child = asSchema(value) ?? {};
      const path = prefix ? `${prefix}.${key}` : key;
      lines.push({
        path,
        type: describeType(child),
        required: required.has(key),
        description: typeof child.description === 'string' ? child.description : undefined,
        enumValues: Array.isArray(child.enum) ? child.enum : undefined,
        defaultValue: child.default,
        hasDefault: 'default' in child,
        constraints: constraintsOf(child),
      });
      walk(child, path, depth + 1);
      const items = asSchema(child.items);
      if (items) walk(items, `${path}[]`, depth + 1);
    }
  };
  if (parameters) walk(parameters, '', 0);
  return lines;
}

function renderParameter(line: ParameterLine): string {
  const facts = [line.type, line.required ? 'required' : 'optional'];
  if (line.enumValues) facts.push(`one of: ${line.enumValues.map((v) => JSON.stringify(v)).join(', ')}`);
  if (line.hasDefault) facts.push(`default: ${JSON.stringify(line.defaultValue)}`);
  facts.push(...line.constraints);
  const description = line.description ? ` — ${line.description.replace(/\s+/g, ' ').trim()}` : '';
  return `  - \`${line.path}\` (${facts.join(', ')})${description}`;
}

/** The tool guide: every tool with its description and its parameters. */
export function renderToolGuide(tools: ToolSpec[]): string {
  return tools
    .map((tool, i) => {
      const params = listParameters(tool.parameters);
      const body = params.length ? params.map(renderParameter).join('\n') : '  (no parameters: use {})';
      return `${i + 1}. \`${tool.name}\`\n  Description: ${tool.description.trim()}\n  Parameters:\n${body}`;
    })
    .join('\n\n');
}

/** A plausible argument object for a tool, built from its schema, for the protocol's correct example. */
export function exampleArguments(parameters: JsonSchema | undefined): Record<string, unknown> {
  const value = exampleValue(parameters ?? {}, 0, 'value');
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function exampleValue(schema: JsonSchema, depth: number, key: string): unknown {
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(alternatives) && alternatives.length) {
    return exampleValue(asSchema(alternatives[0]) ?? {}, depth, key);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const properties = asSchema(schema.properties);
  if (type === 'object' || (!type && properties)) {
    const out: Record<string, unknown> = {};
    if (!properties || depth > MAX_DEPTH) return out;
    const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
    // only required keys, unless there are none: the example should stay short
    const keys = required.length ? required : Object.keys(properties).slice(0, 2);
    for (const k of keys) out[k] = exampleValue(asSchema(properties[k]) ?? {}, depth + 1, k);
    return out;
  }
  switch (type) {
    case 'string':
      return `example ${key}`;
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array': {
      const items = asSchema(schema.items);
      return items ? [exampleValue(items, depth + 1, key)] : [];
    }
    case 'null':
      return null;
    default:
      return `example ${key}`;
  }
}
