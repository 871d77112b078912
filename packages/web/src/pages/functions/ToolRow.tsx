import type { DragEvent } from 'react';
import type { Tool, ToolKind } from '../../api/types';
import { hrefFor } from '../../app/router';
import { Switch } from '../../components/Switch';
import { parameterCount } from './tool-form';

const KIND_LABEL = { static: 'Static', webhook: 'Webhook', script: 'Script', native: 'Native' } as const;

export function KindPill({ kind }: { kind: ToolKind }) {
  return <span className={`pill kind-${kind}`}>{KIND_LABEL[kind]}</span>;
}

export function ParameterCount({ parameters }: { parameters: unknown }) {
  const n = parameterCount(parameters);
  return <span className="hint">{n === 1 ? '1 parameter' : `${n} parameters`}</span>;
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
        title="Drag to reorder"
        aria-hidden="true"
      >
        ⠿
      </span>
      <div className="tool-main">
        <div className="row">
          <strong className="tool-name">{title}</strong>
          <KindPill kind={tool.kind} />
          {tool.kind === 'script' && !scriptsEnabled && <span className="pill amber">Script disabled</span>}
          <ParameterCount parameters={tool.parameters} />
        </div>
        <p className="tool-description">{tool.description}</p>
      </div>
      <div className="tool-actions row">
        <button
          type="button"
          className="icon"
          aria-label={`Move ${tool.name} up`}
          aria-disabled={index === 0}
          onClick={() => index > 0 && onMove(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="icon"
          aria-label={`Move ${tool.name} down`}
          aria-disabled={index === count - 1}
          onClick={() => index < count - 1 && onMove(1)}
        >
          ↓
        </button>
        <Switch checked={tool.enabled} label={`Enable ${tool.name}`} onChange={onToggle} />
        <a
          className="button"
          href={hrefFor({ page: 'function-edit', id: tool.id })}
          aria-label={`Edit ${tool.name}`}
        >
          Edit
        </a>
        <button type="button" className="danger" aria-label={`Delete ${tool.name}`} onClick={onDelete}>
          Delete
        </button>
      </div>
    </li>
  );
}
