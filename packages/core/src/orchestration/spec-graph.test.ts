import { describe, expect, it } from 'vitest';
import { checkSpecGraph } from './spec-graph.js';

const n = (name: string, ...inputs: string[]) => ({ name, inputs });

describe('checkSpecGraph', () => {
  it('orders nodes by dependency, independent nodes in the same wave', () => {
    const result = checkSpecGraph([n('write', 'scout', 'mood'), n('scout'), n('mood'), n('check', 'write')]);
    expect(result).toEqual({ ok: true, order: ['scout', 'mood', 'write', 'check'] });
  });

  it('names the node and the missing input', () => {
    const result = checkSpecGraph([n('scout'), n('write', 'scuot')]);
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          field: 'spec.nodes.1.inputs',
          message:
            'Node "write" takes input from "scuot", which is not a node of the spec (nodes: scout, write).',
        },
      ],
    });
  });

  it('refuses a node that reads itself', () => {
    const result = checkSpecGraph([n('loopy', 'loopy')]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toEqual({
      field: 'spec.nodes.0.inputs',
      message: 'Node "loopy" cannot take its own output as input.',
    });
  });

  it('refuses a cycle and shows it in the direction data flows', () => {
    const result = checkSpecGraph([
      n('start'),
      n('a', 'c', 'start'),
      n('b', 'a'),
      n('c', 'b'),
      n('end', 'c'),
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].field).toBe('spec.nodes.1.inputs');
    expect(result.errors[0].message).toBe(
      'Node "a" is in a cycle (a → b → c → a). A node may only take inputs from nodes that do not depend on it.',
    );
  });
});
