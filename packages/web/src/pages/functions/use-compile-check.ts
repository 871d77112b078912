import { useEffect, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import type { CompileAnswer } from '../../api/types';
import type { EditorMarker } from '../../editor/CodeEditor';

const DEBOUNCE_MS = 400;

/**
 * Asks the server to compile a script body (no execution) a moment after typing stops, and turns its answer
 * into editor markers. Answers to older text are dropped. A failed check is reported, never ignored.
 */
export function useCompileCheck(
  text: string,
  active: boolean,
): { markers: EditorMarker[]; checkError: string | null; checking: boolean } {
  const [markers, setMarkers] = useState<EditorMarker[]>([]);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    if (!active || text.trim() === '') {
      setMarkers([]);
      setCheckError(null);
      setChecking(false);
      return;
    }
    let stale = false;
    setChecking(true);
    const timer = setTimeout(() => {
      api
        .post<CompileAnswer>('/api/tools/compile', { body: text })
        .then((answer) => {
          if (stale) return;
          setCheckError(null);
          setMarkers(answer.ok ? [] : [{ line: answer.line, column: answer.column, message: answer.error }]);
        })
        .catch((error: unknown) => {
          if (!stale) setCheckError(`The syntax check failed: ${errorMessage(error)}`);
        })
        .finally(() => {
          if (!stale) setChecking(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [text, active]);

  return { markers, checkError, checking };
}
