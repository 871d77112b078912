// Compiles the QuickJS WebAssembly binary once per process; every worker instantiates the same
// compiled module with its own capped memory, which keeps starting a replacement worker cheap.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** A compiled `WebAssembly.Module`, kept opaque: this package's lib settings do not declare WebAssembly. */
export type CompiledWasm = object;
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
}

interface WasmApi {
  compile(bytes: Uint8Array): Promise<CompiledWasm>;
  Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
}

export const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let compiled: Promise<CompiledWasm> | null = null;

/** The `.wasm` file is resolved through the package, so it is found from `src` and from `dist` alike. */
export function quickJsWasmPath(): string {
  return createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
}

export function loadQuickJsWasm(): Promise<CompiledWasm> {
  if (!compiled) {
    compiled = readFile(quickJsWasmPath()).then((bytes) => wasmApi.compile(bytes));
    compiled.catch(() => {
      compiled = null;
    });
  }
  return compiled;
}
