export const GLOBAL_SCOPE = 'global';

/** What a scope stands for; informative only, the rules are the same for every kind. */
export type ScopeKind = 'global' | 'profile' | 'character' | 'chat' | 'agent' | 'node';

interface ScopeNode {
  kind: ScopeKind;
  parent?: string;
  /** per-scope switches; absent = inherit from the parent */
  overrides: Map<string, boolean>;
}

/**
 * A tree of scopes (global → profile → chat / agent → orchestration node). A tool's state in a scope is
 * the nearest explicit switch on the way up to `global`, else the tool's own default: a node override
 * shadows the profile's setting whether it turns the tool on or off, as Luker does for sub-agents.
 */
export class ToolScopes {
  readonly #nodes = new Map<string, ScopeNode>([[GLOBAL_SCOPE, { kind: 'global', overrides: new Map() }]]);

  define(id: string, options: { parent?: string; kind?: ScopeKind } = {}): void {
    if (id === GLOBAL_SCOPE) throw new Error('The global scope always exists and has no parent.');
    const parent = options.parent ?? GLOBAL_SCOPE;
    if (!this.#nodes.has(parent)) throw new Error(`Unknown parent scope: ${parent}`);
    // Walking up from the new parent must not reach `id`, or the tree would get a cycle.
    for (let s: string | undefined = parent; s !== undefined; s = this.#nodes.get(s)?.parent) {
      if (s === id) throw new Error(`Scope ${id} cannot be its own ancestor.`);
    }
    const existing = this.#nodes.get(id);
    this.#nodes.set(id, {
      kind: options.kind ?? existing?.kind ?? 'chat',
      parent,
      overrides: existing?.overrides ?? new Map(),
    });
  }

  has(id: string): boolean {
    return this.#nodes.has(id);
  }

  /** Removes a scope; its children are re-attached to its parent. */
  remove(id: string): boolean {
    const node = this.#nodes.get(id);
    if (!node || id === GLOBAL_SCOPE) return false;
    for (const child of this.#nodes.values()) if (child.parent === id) child.parent = node.parent;
    return this.#nodes.delete(id);
  }

  /** `enabled: undefined` removes the switch so the scope inherits again. */
  set(scope: string, toolName: string, enabled: boolean | undefined): void {
    const node = this.#node(scope);
    if (enabled === undefined) node.overrides.delete(toolName);
    else node.overrides.set(toolName, enabled);
  }

  /** The explicit switch set on this very scope, if any. */
  override(scope: string, toolName: string): boolean | undefined {
    return this.#node(scope).overrides.get(toolName);
  }

  /** The scope and its ancestors, nearest first, ending with `global`. */
  chain(scope: string = GLOBAL_SCOPE): string[] {
    const chain: string[] = [];
    for (let s: string | undefined = scope; s !== undefined; s = this.#nodes.get(s)?.parent) {
      this.#node(s);
      chain.push(s);
    }
    return chain;
  }

  /** The nearest explicit switch, or undefined when every scope up the chain inherits. */
  resolve(scope: string, toolName: string): boolean | undefined {
    for (const s of this.chain(scope)) {
      const value = this.#nodes.get(s)!.overrides.get(toolName);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  #node(id: string): ScopeNode {
    const node = this.#nodes.get(id);
    if (!node) throw new Error(`Unknown tool scope: ${id}`);
    return node;
  }
}
