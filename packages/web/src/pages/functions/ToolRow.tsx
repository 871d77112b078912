import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tool, ToolKind } from '../../api/types';
import { hrefFor } from '../../app/router';
import { Switch } from '../../components/Switch';
import { parameterCount } from './tool-form';

export function KindPill({ kind }: { kind: ToolKind }) {
  const { t } = useTranslation();
  return <span className={`pill kind-${kind}`}>{t(`functions.kind.${kind}`)}</span>;
}

export function ParameterCount({ parameters }: { parameters: unknown }) {
  const { t } = useTranslation();
  return <span className="hint">{t('functions.parameters', { count: parameterCount(parameters) })}</span>;
}

/**
 * One custom tool in the list: reorder (drag or buttons), switch, edit, delete. Buttons stay enabled while a
 * request runs (the page ignores presses meanwhile), and the move buttons at the ends are only aria-disabled,
 * so keyboard focus is never dropped by a button turning disabled.
 */
export function ToolRow({
  tool,
  index,
  count,
  scriptsEnabled,
  busy,
  dragging,
  onToggle,
  onMove,
  onDelete,
  onDragStart,
  onDragOver,
  onDrop,
  onDragEnd,
}: {
  tool: Tool;
  index: number;
  count: number;
  scriptsEnabled: boolean;
  busy: boolean;
  dragging: boolean;
  onToggle: (enabled: boolean) => void;
  /** -1 = up, 1 = down */
  onMove: (offset: -1 | 1) => void;
  onDelete: () => void;
  onDragStart: (event: DragEvent) => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
  onDragEnd: () => void;
}) {
  const { t } = useTranslation();
  const title = tool.displayName ? `${tool.displayName} (${tool.name})` : tool.name;
  return (
    <li
      className={`tool-row${dragging ? ' dragging' : ''}`}
      data-tool-name={tool.name}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <span
        className="drag-handle"
        draggable={!busy}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        title={t('functions.dragToReorder')}
        aria-hidden="true"
      >
        ⠿
      </span>
      <div className="tool-main">
        <div className="row">
          <strong className="tool-name" translate="no">
            {title}
          </strong>
          <KindPill kind={tool.kind} />
          {tool.kind === 'script' && !scriptsEnabled && (
            <span className="pill amber">{t('functions.scriptDisabled')}</span>
          )}
          <ParameterCount parameters={tool.parameters} />
        </div>
        <p className="tool-description" translate="no">
          {tool.description}
        </p>
      </div>
      <div className="tool-actions row">
        <button
          type="button"
          className="icon"
          aria-label={t('functions.moveUp', { name: tool.name })}
          aria-disabled={index === 0}
          onClick={() => index > 0 && onMove(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="icon"
          aria-label={t('functions.moveDown', { name: tool.name })}
          aria-disabled={index === count - 1}
          onClick={() => index < count - 1 && onMove(1)}
        >
          ↓
        </button>
        <Switch
          checked={tool.enabled}
          label={t('functions.enableNamed', { name: tool.name })}
          onChange={onToggle}
        />
        <a
          className="button"
          href={hrefFor({ page: 'function-edit', id: tool.id })}
          aria-label={t('functions.editNamed', { name: tool.name })}
        >
          {t('common.edit')}
        </a>
        <button
          type="button"
          className="danger"
          aria-label={t('functions.deleteNamed', { name: tool.name })}
          onClick={onDelete}
        >
          {t('common.delete')}
        </button>
      </div>
    </li>
  );
}
