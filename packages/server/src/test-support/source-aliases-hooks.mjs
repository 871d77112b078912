// Module resolve hook for source-aliases.mjs: the workspace packages resolve to their TypeScript sources.
const ALIASES = {
  '@toolsmith/core': new URL('../../../core/src/index.ts', import.meta.url).href,
  '@toolsmith/emulator': new URL('../../../emulator/src/index.ts', import.meta.url).href,
};

export async function resolve(specifier, context, nextResolve) {
  const target = ALIASES[specifier];
  // through the next hook (tsx), which then knows to compile the file
  if (target) return nextResolve(target, context);
  return nextResolve(specifier, context);
}
