import { createContext } from 'react';

/**
 * Each tool's mode by name (global, builtin and the profile's own tools), so a simulated call can say whether it
 * ran for real (a read tool) or was simulated (a write tool). Unknown names: just "simulated".
 */
export const ToolModesContext = createContext<ReadonlyMap<string, 'read' | 'write'>>(new Map());
