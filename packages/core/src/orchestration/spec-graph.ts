import type { FieldError } from '../tools/types.js';

interface GraphNode {
  name: string;
  inputs: readonly string[];
}

/**
 * Checks a spec's graph: every input names another node of the spec, and no node depends on itself through
 * its inputs. Errors name the node (`spec.nodes.2.inputs`). On success, the nodes in a dependency order.
 */
export function checkSpecGraph(
  nodes: readonly GraphNode[],
  at = 'spec.nodes',
): { ok: true; order: string[] } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const index = new Map(nodes.map((n, i) => [n.name, i]));
  const known = nodes.map((n) => n.name).join(', ');
  nodes.forEach((node, i) => {
    for (const input of node.inputs) {
      if (input === node.name)
        errors.push({
          field: `${at}.${i}.inputs`,
          message: `Node "${node.name}" cannot take its own output as input.`,
        });
      else if (!index.has(input))
        errors.push({
          field: `${at}.${i}.inputs`,
          message: `Node "${node.name}" takes input from "${input}", which is not a node of the spec (nodes: ${known}).`,
        });
    }
  });
  if (errors.length) return { ok: false, errors };

  // Kahn's algorithm: what never becomes ready sits on a cycle or behind one.
  const waiting = new Map(nodes.map((n) => [n.name, new Set(n.inputs)]));
  const order: string[] = [];
  let ready = nodes.filter((n) => n.inputs.length === 0).map((n) => n.name);
  while (ready.length > 0) {
    order.push(...ready);
    const done = new Set(ready);
    ready = [];
    for (const [name, inputs] of waiting) {
      if (order.includes(name)) continue;
      for (const d of done) inputs.delete(d);
      if (inputs.size === 0) ready.push(name);
    }
  }
  if (order.length === nodes.length) return { ok: true, order };

  const cycle = findCycle(nodes.filter((n) => !order.includes(n.name)));
  const first = index.get(cycle[0]) ?? 0;
  return {
    ok: false,
    errors: [
      {
        field: `${at}.${first}.inputs`,
        message: `Node "${cycle[0]}" is in a cycle (${cycle.join(' → ')}). A node may only take inputs from nodes that do not depend on it.`,
      },
    ],
  };
}

/** One cycle among nodes that all sit on or behind a cycle, as names ending where they began. */
function findCycle(nodes: readonly GraphNode[]): string[] {
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const path: string[] = [];
  let current = nodes[0];
  // every remaining node has an input that is also remaining, so walking inputs must repeat a node
  while (!path.includes(current.name)) {
    path.push(current.name);
    const next = current.inputs.map((i) => byName.get(i)).find((n) => n !== undefined);
    if (!next) break;
    current = next;
  }
  const start = path.indexOf(current.name);
  // inputs point backwards in time: show the cycle in the direction data flows
  return [...path.slice(start), current.name].reverse();
}
