import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './editor.css';
import type { EditorMarker, MountedEditor } from './codemirror-setup';

export type { EditorMarker } from './codemirror-setup';

/**
 * A JavaScript code editor (CodeMirror 6, loaded on first use). `markers` are shown inline and listed under the
 * editor, so a syntax error is visible both where it is and in words.
 */
export function CodeEditor({
  label,
  value,
  onChange,
  markers = [],
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  markers?: readonly EditorMarker[];
  hint?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<MountedEditor | null>(null);
  const latest = useRef({ value, onChange, markers });
  latest.current = { value, onChange, markers };
  const [loadError, setLoadError] = useState<string | null>(null);
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const id = useId();
  const labelId = `${id}-label`;
  const problemsId = `${id}-problems`;

  useEffect(() => {
    let cancelled = false;
    import('./codemirror-setup')
      .then(({ mountEditor }) => {
        if (cancelled || !host.current) return;
        editor.current = mountEditor(host.current, {
          value: latest.current.value,
          label,
          describedBy: problemsId,
          onChange: (next) => latest.current.onChange(next),
        });
        editor.current.setMarkers(latest.current.markers);
        setReady(true);
      })
      .catch((error: unknown) => setLoadError(`The code editor could not load: ${String(error)}`));
    return () => {
      cancelled = true;
      editor.current?.destroy();
      editor.current = null;
    };
  }, [label, problemsId]);

  useEffect(() => {
    editor.current?.setValue(value);
  }, [value]);

  useEffect(() => {
    if (ready) editor.current?.setMarkers(markers);
  }, [markers, ready]);

  return (
    <div className="code-field">
      <span className="field-label" id={labelId}>
        {label}
      </span>
      {hint && <span className="hint">{hint}</span>}
      {loadError ? (
        // Still usable without CodeMirror: a plain text area.
        <>
          <p className="error" role="alert">
            {loadError}
          </p>
          <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} rows={10} />
        </>
      ) : (
        <>
          {!ready && <span className="hint">{t('common.loadingEditor')}</span>}
          <div className="code-editor" ref={host} data-ready={ready ? 'true' : 'false'} />
        </>
      )}
      <div id={problemsId} aria-live="polite">
        {markers.map((m) => (
          <p key={`${m.line}:${m.column}:${m.message}`} className="error code-problem">
            Line {m.line}, column {m.column}: {m.message}
          </p>
        ))}
      </div>
    </div>
  );
}
