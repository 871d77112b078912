import { useMemo, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { filterEntries, KIND_LABELS, type PickerEntry } from './tool-picker';

/** The Add Functions picker: search by name, tick any number of builtin or custom tools, add them at once. */
export function FunctionPicker({
  entries,
  alreadyAdded,
  onAdd,
  onCancel,
}: {
  entries: PickerEntry[];
  alreadyAdded: string[];
  onAdd: (names: string[]) => void;
  onCancel: () => void;
}) {
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const shown = useMemo(() => filterEntries(entries, query), [entries, query]);

  const toggle = (name: string, on: boolean) =>
    setPicked((list) => (on ? [...list, name] : list.filter((n) => n !== name)));

  return (
    <Dialog
      title="Add Functions"
      onCancel={onCancel}
      actions={
        <>
          <span className="hint picker-count" aria-live="polite">
            {picked.length} selected
          </span>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="primary"
            disabled={picked.length === 0}
            onClick={() => onAdd(picked)}
          >
            Add Selected
          </button>
        </>
      }
    >
      <label>
        Search functions
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="by name"
          data-autofocus
        />
      </label>
      {entries.length === 0 ? (
        <p className="empty">No functions exist yet. Create one on the Functions page.</p>
      ) : shown.length === 0 ? (
        <p className="empty">No function name matches “{query}”.</p>
      ) : (
        <ul className="picker-list" aria-label="Functions">
          {shown.map((entry) => {
            const added = alreadyAdded.includes(entry.name);
            return (
              <li key={entry.name}>
                <label className="picker-item">
                  <input
                    type="checkbox"
                    checked={added || picked.includes(entry.name)}
                    disabled={added}
                    onChange={(e) => toggle(entry.name, e.target.checked)}
                    aria-label={entry.name}
                  />
                  <span className="picker-text">
                    <span className="row">
                      <strong>{entry.name}</strong>
                      {entry.displayName && <span className="hint">{entry.displayName}</span>}
                      <span className="pill">{entry.builtin ? 'Built-in' : KIND_LABELS[entry.kind]}</span>
                      {!entry.enabled && <span className="pill amber">Off</span>}
                      {added && <span className="pill ok">Added</span>}
                    </span>
                    <span className="hint picker-description">{entry.description}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
