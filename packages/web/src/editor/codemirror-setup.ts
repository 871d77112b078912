// Everything CodeMirror lives behind this module, which CodeEditor loads with a dynamic import so the first
// page stays light. Deliberately without bracket auto-closing or Tab capture: typing stays predictable and
// Tab keeps moving focus (keyboard users leave the editor with Tab as anywhere else).
import { javascript } from '@codemirror/lang-javascript';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { minimalSetup } from 'codemirror';

export interface EditorMarker {
  line: number;
  column: number;
  message: string;
}

export interface MountedEditor {
  setValue(value: string): void;
  setMarkers(markers: readonly EditorMarker[]): void;
  destroy(): void;
}

export function mountEditor(
  parent: HTMLElement,
  options: { value: string; label: string; describedBy?: string; onChange: (value: string) => void },
): MountedEditor {
  let applyingExternal = false;
  const contentAttributes: Record<string, string> = { 'aria-label': options.label };
  if (options.describedBy) contentAttributes['aria-describedby'] = options.describedBy;
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: options.value,
      extensions: [
        minimalSetup,
        lineNumbers(),
        javascript(),
        lintGutter(),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of(contentAttributes),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !applyingExternal) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });

  return {
    setValue(value) {
      if (view.state.doc.toString() === value) return;
      applyingExternal = true;
      try {
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } });
      } finally {
        applyingExternal = false;
      }
    },
    setMarkers(markers) {
      const doc = view.state.doc;
      const diagnostics: Diagnostic[] = markers.map((m) => {
        // Lines and columns are 1-based from the server; a position past the end marks the last character.
        const line = doc.line(Math.min(Math.max(m.line, 1), doc.lines));
        let from = Math.min(line.from + Math.max(m.column - 1, 0), line.to);
        const to = from < line.to ? from + 1 : from;
        // At the end of a line (an unclosed brace is reported there) mark the last character instead.
        if (to === from && from > line.from) from -= 1;
        return { from, to: Math.max(to, from), severity: 'error', message: m.message };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    destroy() {
      view.destroy();
    },
  };
}
