import './tool-picker.css';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../Dialog';
import { filterGroups, itemKey, KIND_LABELS, type PickerGroup } from './tool-groups';

/**
 * The one tool picker: every source in its group (Global, Built-in, each character's tools, MCP servers,
 * the orchestration), searched by name, ticked per tool; Apply hands back the ticked keys (`itemKey`).
 * Used by Chat Settings ("Choose Functions") and by an agent's pinned tools.
 */
export function ToolPickerDialog({
  title,
  intro,
  groups,
  initial,
  actionLabel,
  empty,
  extraActions,
  onApply,
  onCancel,
}: {
  title: string;
  intro?: ReactNode;
  groups: PickerGroup[];
  /** keys ticked when the dialog opens */
  initial: Iterable<string>;
  actionLabel?: string;
  /** shown when no group has a tool */
  empty?: string;
  /** more buttons beside Cancel (e.g. creating a tool); a function gets the boxes ticked so far */
  extraActions?: ReactNode | ((ticked: Set<string>) => ReactNode);
  onApply: (ticked: Set<string>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [ticked, setTicked] = useState(() => new Set(initial));
  const shown = useMemo(() => filterGroups(groups, query), [groups, query]);
  const anyTool = groups.some((g) => g.tools.length > 0);
  const count = groups.reduce(
    (n, g) => (g.readOnly ? n : n + g.tools.filter((t) => ticked.has(itemKey(g.id, t.name))).length),
    0,
  );

  const toggle = (key: string, on: boolean) =>
    setTicked((set) => {
      const next = new Set(set);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <Dialog
      title={title}
      onCancel={onCancel}
      className="tool-picker-dialog"
      actions={
        <>
          <span className="hint picker-count" aria-live="polite">
            {t('chatTools.picker.selected', { count })}
          </span>
          {typeof extraActions === 'function' ? extraActions(ticked) : extraActions}
          <button type="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="primary" onClick={() => onApply(ticked)}>
            {actionLabel ?? t('chatTools.picker.apply')}
          </button>
        </>
      }
    >
      {intro && <div className="hint picker-intro">{intro}</div>}
      <label>
        {t('chatTools.picker.search')}
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('chatTools.picker.byName')}
          data-autofocus
        />
      </label>
      {!anyTool ? (
        <p className="empty">{empty ?? t('chatTools.picker.empty')}</p>
      ) : shown.length === 0 ? (
        <p className="empty">{t('chatTools.picker.noMatch', { query })}</p>
      ) : (
        <div className="picker-groups">
          {shown.map((group) => (
            <fieldset key={group.id} className="picker-group" aria-label={group.label}>
              <legend>{group.label}</legend>
              {group.hint && <p className="hint picker-group-hint">{group.hint}</p>}
              <ul className="picker-list">
                {group.tools.map((tool) => {
                  const key = itemKey(group.id, tool.name);
                  const on = ticked.has(key);
                  const text = (
                    <span className="picker-text">
                      <span className="row">
                        <strong translate="no">{tool.name}</strong>
                        {tool.displayName && (
                          <span className="hint" translate="no">
                            {tool.displayName}
                          </span>
                        )}
                        {tool.kind !== 'native' && (
                          <span className="pill">
                            {t(`functions.kind.${tool.kind}`, {
                              defaultValue: KIND_LABELS[tool.kind] ?? tool.kind,
                            })}
                          </span>
                        )}
                        {tool.tag && <span className="pill">{tool.tag}</span>}
                        {!tool.enabled && <span className="pill amber">{t('chatTools.picker.off')}</span>}
                      </span>
                      <span className="hint picker-description" translate="no">
                        {tool.description}
                      </span>
                      {on && tool.note && <span className="picker-note">{tool.note}</span>}
                    </span>
                  );
                  return (
                    <li key={key}>
                      {group.readOnly ? (
                        <div className="picker-item read-only">{text}</div>
                      ) : (
                        <label className="picker-item">
                          <input
                            type="checkbox"
                            checked={on}
                            onChange={(e) => toggle(key, e.target.checked)}
                            aria-label={tool.name}
                          />
                          {text}
                        </label>
                      )}
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ))}
        </div>
      )}
    </Dialog>
  );
}
