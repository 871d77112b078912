import { MSG_TOOL_NAME, msgReservedName, TOOL_NAME_PATTERN } from './messages.js';
import type {
  FunctionToolRegistration,
  OpenAiTool,
  OrchestrationToolRegistration,
  RegisteredTool,
  RegisterOptions,
  RegistryLogger,
} from './registered-tool.js';
import { registrationProblems, ToolDefinitionError } from './registration-check.js';
import { GLOBAL_SCOPE, type ScopeKind, ToolScopes } from './tool-scopes.js';
import type { JsonSchema, ToolDefinition, ToolLayer, ToolSpec } from './types.js';

/** A fresh schema per tool, so no two registrations share (and could mutate) one object. */
const emptyParameters = (): JsonSchema => ({ type: 'object', properties: {} });

export interface ToolRegistryOptions {
  /** where replace-with-warning and failing `shouldRegister` messages go; default `console` */
  logger?: RegistryLogger;
}

/**
 * Every tool a runtime knows, in four layers. Lookup order: builtin (names reserved), then custom tools of
 * the scope and its ancestors (nearest first), then extension, then bridged — so a custom tool shadows an
 * extension tool of the same name but can never take a builtin's. Storage is Maps only: a model asking for
 * `constructor` or `__proto__` finds nothing unless such a tool was really registered.
 */
export class ToolRegistry {
  readonly scopes = new ToolScopes();
  readonly #logger: RegistryLogger;
  readonly #builtin = new Map<string, RegisteredTool>();
  readonly #extension = new Map<string, RegisteredTool>();
  readonly #bridged = new Map<string, RegisteredTool>();
  /** scope id → name → tool */
  readonly #custom = new Map<string, Map<string, RegisteredTool>>();

  constructor(options: ToolRegistryOptions = {}) {
    this.#logger = options.logger ?? console;
  }

  /** Adds or replaces a tool. Throws when a custom tool takes a builtin's name or an invalid name. */
  register(definition: ToolDefinition, options: RegisterOptions = {}): RegisteredTool {
    const layer = options.layer ?? 'custom';
    const name = definition?.name;
    if (typeof name !== 'string' || name === '') throw new Error(MSG_TOOL_NAME);
    const problems = registrationProblems(definition);
    if (problems.length > 0) throw new ToolDefinitionError(name, problems);
    if (layer === 'custom') {
      if (!TOOL_NAME_PATTERN.test(name)) throw new Error(MSG_TOOL_NAME);
      if (this.#builtin.has(name)) throw new Error(msgReservedName(name));
    }
    const scope = layer === 'custom' ? (options.scope ?? GLOBAL_SCOPE) : undefined;
    if (scope !== undefined) this.scopes.chain(scope); // throws on an unknown scope
    const tool: RegisteredTool = {
      definition: { ...definition, parameters: definition.parameters ?? emptyParameters() },
      layer,
      scope,
      run: options.run,
      simulate: options.simulate,
      formatMessage: options.formatMessage,
      shouldRegister: options.shouldRegister,
      stealth: options.stealth === true,
    };
    const map = this.#layerMap(layer, scope, true)!;
    if (map.has(name)) {
      this.#logger.warn(
        `[ToolRegistry] A ${layer} tool named "${name}" was already registered; the new definition replaces it.`,
      );
    }
    if (layer === 'builtin') {
      for (const [s, tools] of this.#custom) {
        if (tools.has(name)) {
          this.#logger.warn(
            `[ToolRegistry] Custom tool "${name}" (scope ${s}) is hidden by the new built-in tool.`,
          );
        }
      }
    }
    map.set(name, tool);
    return tool;
  }

  /** Removes a tool from a layer (default: custom in `global`). Returns whether one was there. */
  unregister(name: string, options: { layer?: ToolLayer; scope?: string } = {}): boolean {
    const layer = options.layer ?? 'custom';
    return this.#layerMap(layer, options.scope ?? GLOBAL_SCOPE, false)?.delete(name) ?? false;
  }

  /**
   * SillyTavern/Luker: `registerFunctionTool({ name, description, parameters, action, ... })` or positional.
   * The action's arguments are typed from `parameters` written inline (see tool-arguments.ts).
   */
  registerFunctionTool<const S extends JsonSchema = JsonSchema>(
    registration: FunctionToolRegistration<S>,
  ): RegisteredTool;
  registerFunctionTool<const S extends JsonSchema = JsonSchema>(
    name: string,
    description: string,
    parameters: S | undefined,
    action: FunctionToolRegistration<S>['action'],
  ): RegisteredTool;
  registerFunctionTool(
    first: FunctionToolRegistration | string,
    description?: string,
    parameters?: JsonSchema,
    action?: FunctionToolRegistration['action'],
  ): RegisteredTool {
    const reg: FunctionToolRegistration =
      typeof first === 'object' && first !== null
        ? first
        : { name: first, description: description ?? '', parameters, action: action! };
    if (typeof reg.action !== 'function')
      throw new Error(`Function tool "${reg.name}" needs an action function.`);
    return this.register(
      {
        name: reg.name,
        displayName: reg.displayName,
        description: reg.description,
        parameters: reg.parameters ?? emptyParameters(),
        mode: reg.mode ?? 'write',
        kind: 'native',
        enabled: true,
      },
      {
        layer: 'extension',
        run: reg.action,
        formatMessage: reg.formatMessage,
        shouldRegister: reg.shouldRegister,
        stealth: reg.stealth,
      },
    );
  }

  unregisterFunctionTool(name: string): boolean {
    const removed = this.#extension.delete(name);
    if (!removed) this.#logger.warn(`[ToolRegistry] No function tool named "${name}" is registered.`);
    return removed;
  }

  /** Luker: `registerOrchestrationTool({ name, description, parameters, exec, mode, simulate?, displayName? })`. */
  registerOrchestrationTool<const S extends JsonSchema = JsonSchema>(
    registration: OrchestrationToolRegistration<S>,
  ): RegisteredTool {
    // the arguments are checked against `parameters` before `exec` runs, so the typed function takes them
    const reg = registration as unknown as OrchestrationToolRegistration;
    if (typeof reg.exec !== 'function')
      throw new Error(`Orchestration tool "${reg.name}" needs an exec function.`);
    return this.register(
      {
        name: reg.name,
        displayName: reg.displayName,
        description: reg.description,
        parameters: reg.parameters ?? emptyParameters(),
        mode: reg.mode,
        kind: 'native',
        enabled: true,
      },
      { layer: 'extension', run: reg.exec, simulate: reg.simulate },
    );
  }

  defineScope(id: string, options: { parent?: string; kind?: ScopeKind } = {}): void {
    this.scopes.define(id, options);
  }

  /** Switches a tool on or off in a scope without deleting it; `undefined` inherits again. */
  setToolEnabled(scope: string, name: string, enabled: boolean | undefined): void {
    this.scopes.set(scope, name, enabled);
  }

  /** Names held by the builtin layer: the reserved names custom tools may not take. */
  builtinNames(): string[] {
    return [...this.#builtin.keys()];
  }

  /** Names a new custom tool in `scope` would collide with (builtin and custom tools visible there). */
  namesInScope(scope: string = GLOBAL_SCOPE): string[] {
    return this.#visibleNames(scope);
  }

  /** The tool a call named `name` reaches in `scope`, enabled or not. */
  resolve(name: unknown, scope: string = GLOBAL_SCOPE): RegisteredTool | undefined {
    if (typeof name !== 'string') return undefined;
    const builtin = this.#builtin.get(name);
    if (builtin) return builtin;
    for (const s of this.scopes.chain(scope)) {
      const custom = this.#custom.get(s)?.get(name);
      if (custom) return custom;
    }
    return this.#extension.get(name) ?? this.#bridged.get(name);
  }

  /**
   * Whether a resolved tool is on in `scope`. The definition's `enabled` is the user's own switch (a tool
   * imported for review, a builtin switched off): `false` is final. Scope switches (profile, mode, pinned
   * lists, per-node overrides) narrow what is enabled — the nearest one wins — but never turn a disabled tool on.
   */
  isEnabled(tool: RegisteredTool, scope: string = GLOBAL_SCOPE): boolean {
    if (tool.definition.enabled === false) return false;
    return this.scopes.resolve(scope, tool.definition.name) ?? true;
  }

  /** Enabled tools of a scope in a stable order (builtin, custom outer → inner, extension, bridged). */
  enabledTools(scope: string = GLOBAL_SCOPE): RegisteredTool[] {
    const result: RegisteredTool[] = [];
    for (const name of this.#visibleNames(scope, true)) {
      const tool = this.resolve(name, scope);
      if (tool && this.isEnabled(tool, scope)) result.push(tool);
    }
    return result;
  }

  /** Enabled tools whose `shouldRegister()` (awaited) allows them; a throwing check leaves the tool out. */
  async availableTools(scope: string = GLOBAL_SCOPE): Promise<RegisteredTool[]> {
    const tools = this.enabledTools(scope);
    const allowed = await Promise.all(
      tools.map(async (tool) => {
        if (!tool.shouldRegister) return true;
        try {
          return Boolean(await tool.shouldRegister());
        } catch (error) {
          this.#logger.warn(
            `[ToolRegistry] shouldRegister of "${tool.definition.name}" failed; the tool is left out: ${String(error)}`,
          );
          return false;
        }
      }),
    );
    return tools.filter((_, i) => allowed[i]);
  }

  /** The OpenAI-style list of the tools a model may call in `scope`. */
  async toolsForModel(scope: string = GLOBAL_SCOPE): Promise<OpenAiTool[]> {
    return (await this.toolSpecsForModel(scope)).map((spec) => ({ type: 'function', function: spec }));
  }

  /** The same list as provider-neutral `ToolSpec`s. */
  async toolSpecsForModel(scope: string = GLOBAL_SCOPE): Promise<ToolSpec[]> {
    return (await this.availableTools(scope)).map(({ definition }) => ({
      name: definition.name,
      description: definition.description,
      parameters: definition.parameters,
    }));
  }

  #visibleNames(scope: string, includeExtensions = false): string[] {
    const names = new Set<string>(this.#builtin.keys());
    for (const s of this.scopes.chain(scope).reverse()) {
      for (const name of this.#custom.get(s)?.keys() ?? []) names.add(name);
    }
    if (includeExtensions) {
      for (const name of this.#extension.keys()) names.add(name);
      for (const name of this.#bridged.keys()) names.add(name);
    }
    return [...names];
  }

  #layerMap(
    layer: ToolLayer,
    scope: string | undefined,
    create: boolean,
  ): Map<string, RegisteredTool> | undefined {
    switch (layer) {
      case 'builtin':
        return this.#builtin;
      case 'extension':
        return this.#extension;
      case 'bridged':
        return this.#bridged;
      case 'custom': {
        const key = scope ?? GLOBAL_SCOPE;
        let map = this.#custom.get(key);
        if (!map && create) {
          map = new Map();
          this.#custom.set(key, map);
        }
        return map;
      }
      default:
        throw new Error(`Unknown tool layer: ${String(layer)}`);
    }
  }
}
