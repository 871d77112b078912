// What an export in another app's format could not carry: listed to the user with the file.

/** The formats tools are exported in: our own, Marinara Engine's function folder, Luker's preset/card. */
export type ExportFormat = 'toolsmith' | 'marinara' | 'luker';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['toolsmith', 'marinara', 'luker'];

/** One thing a tool loses (or has changed) in the target format. */
export interface ExportNote {
  /** the tool's name in Toolsmith */
  tool: string;
  /** the Toolsmith field concerned (`name`, `kind`, `simulateBody`, ...) */
  field: string;
  /** what happens to it, for the user */
  message: string;
}

/** A file in another app's format and what it could not carry. */
export interface ForeignExport<T> {
  file: T;
  notes: ExportNote[];
}
