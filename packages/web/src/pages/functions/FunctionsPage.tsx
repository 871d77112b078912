import './functions.css';
import { type DragEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { BuiltinTool, Capabilities, ImportResult, Tool, ToolsList } from '../../api/types';
import { navigate } from '../../app/router';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Switch } from '../../components/Switch';
import { ExportMenu } from './ExportMenu';
import { ImportPlanReview } from './ImportPlanReview';
import { ImportReview } from './ImportReview';
import { planToolsImport, type ToolImportPlan } from './import-plan';
import { loadReview, saveReview } from './import-tools';
import { moveItem } from './reorder';
import { KindPill, ParameterCount, ToolRow } from './ToolRow';
import { WebSearchSettings } from './WebSearchSettings';

/** The Functions panel: custom tools (ordered, switchable), builtins, import and export. */
export function FunctionsPage() {
  const { t } = useTranslation();
  const [tools, setTools] = useState<Tool[] | null>(null);
  const [builtin, setBuiltin] = useState<BuiltinTool[]>([]);
  const [caps, setCaps] = useState<Capabilities | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [review, setReview] = useState<ImportResult | null>(() => loadReview());
  const [pending, setPending] = useState<{ fileName: string; plan: ToolImportPlan } | null>(null);
  const [deleting, setDeleting] = useState<Tool | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [dragId, setDragId] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    try {
      const [list, capabilities] = await Promise.all([
        api.get<ToolsList>('/api/tools'),
        api.get<Capabilities>('/api/tools/capabilities'),
      ]);
      setTools(list.tools);
      setBuiltin(list.builtin);
      setCaps(capabilities);
    } catch (e) {
      setError(errorMessage(e));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // Each change is its own request (toggles are independent); `busy` only greys out import/export meanwhile.
  const busyRef = useRef(false);
  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await what();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (tool: Tool, enabled: boolean) =>
    run(async () => {
      const updated = await api.patch<Tool>(`/api/tools/${encodeURIComponent(tool.id)}`, { enabled });
      setTools((list) => list?.map((t) => (t.id === updated.id ? updated : t)) ?? null);
    });

  const toggleBuiltin = (entry: BuiltinTool, enabled: boolean) =>
    run(async () => {
      const updated = await api.put<BuiltinTool>(`/api/tools/builtin/${encodeURIComponent(entry.name)}`, {
        enabled,
      });
      setBuiltin((list) => list.map((b) => (b.name === updated.name ? updated : b)));
    });

  // Moves apply at once and are sent one after another, each with the full order, so quick key presses all
  // count and the last answer wins; a refused order reloads the list to show what the server holds.
  const toolsRef = useRef<Tool[] | null>(null);
  toolsRef.current = tools;
  const orderChain = useRef<Promise<void>>(Promise.resolve());
  const orderSeq = useRef(0);
  const moveTool = (id: string, target: (from: number) => number) => {
    const current = toolsRef.current;
    if (!current) return;
    const from = current.findIndex((t) => t.id === id);
    if (from < 0) return;
    const next = moveItem(current, from, target(from));
    const at = next.findIndex((t) => t.id === id);
    if (at === from) return;
    toolsRef.current = next;
    setTools(next);
    const seq = ++orderSeq.current;
    orderChain.current = orderChain.current.then(async () => {
      try {
        const answer = await api.put<{ tools: Tool[] }>('/api/tools/order', { ids: next.map((t) => t.id) });
        if (seq !== orderSeq.current) return;
        toolsRef.current = answer.tools;
        setTools(answer.tools);
        setStatus(t('functions.moved', { name: current[from].name, position: at + 1 }));
      } catch (e) {
        setError(errorMessage(e));
        if (seq === orderSeq.current) await load();
      }
    });
  };

  const confirmDelete = async () => {
    if (!deleting || busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setDeleteError(null);
    try {
      await api.del(`/api/tools/${encodeURIComponent(deleting.id)}`);
      setTools((list) => list?.filter((t) => t.id !== deleting.id) ?? null);
      setStatus(t('functions.deleted', { name: deleting.name }));
      setDeleting(null);
    } catch (e) {
      setDeleteError(errorMessage(e));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const onImportFile = (file: File | undefined) => {
    if (!file) return;
    setStatus(t('functions.importing', { name: file.name }));
    void run(async () => {
      try {
        // the server plans the file without writing; the review below applies the chosen actions
        setPending({ fileName: file.name, plan: await planToolsImport(file) });
        setStatus(null);
      } catch (e) {
        setStatus(null);
        throw e;
      } finally {
        if (fileInput.current) fileInput.current.value = '';
      }
    });
  };

  const dragHandlers = (index: number, tool: Tool) => ({
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', tool.id);
      setDragId(tool.id);
    },
    onDragOver: (event: DragEvent) => {
      if (dragId) event.preventDefault();
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const id = dragId ?? event.dataTransfer.getData('text/plain');
      setDragId(null);
      if (id) moveTool(id, () => index);
    },
    onDragEnd: () => setDragId(null),
  });

  const scriptsEnabled = caps?.scriptExecutionEnabled ?? true;

  return (
    <section className="functions-page">
      <div className="spread page-head">
        <h1>{t('nav.functions')}</h1>
        <div className="row">
          <button
            type="button"
            className="primary"
            onClick={() => navigate({ page: 'function-edit', id: null })}
          >
            {t('functions.create')}
          </button>
          <button type="button" onClick={() => fileInput.current?.click()} disabled={busy}>
            {t('functions.import')}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".zip,.json,application/zip,application/json"
            className="file-input-hidden"
            tabIndex={-1}
            aria-label={t('functions.importFile')}
            onChange={(e) => onImportFile(e.target.files?.[0])}
          />
        </div>
      </div>

      <ExportMenu
        disabled={busy || !tools || tools.length === 0}
        version={tools}
        onStatus={setStatus}
        onError={setError}
      />
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <p className="hint" role="status" aria-live="polite">
        {status}
      </p>
      {caps && !caps.scriptExecutionEnabled && tools?.some((t) => t.kind === 'script') && (
        <p className="banner info">{t('functions.scriptsOff')}</p>
      )}

      {pending && (
        <ImportPlanReview
          key={pending.plan.importId}
          fileName={pending.fileName}
          initialPlan={pending.plan}
          onApplied={(result) => {
            setPending(null);
            setReview(result);
            saveReview(result);
            void load();
          }}
          onClose={() => setPending(null)}
        />
      )}

      {review && (
        <ImportReview
          result={review}
          tools={tools ?? []}
          onDismiss={() => {
            setReview(null);
            saveReview(null);
          }}
        />
      )}

      <section className="panel" aria-labelledby="custom-tools-title">
        <h2 id="custom-tools-title">{t('functions.yours')}</h2>
        {tools === null ? (
          !error && <p className="hint">{t('common.loading')}</p>
        ) : tools.length === 0 ? (
          <p className="empty">{t('functions.empty')}</p>
        ) : (
          <>
            <p className="hint">{t('functions.reorderHint')}</p>
            <ul className="tool-list" aria-label={t('functions.customList')}>
              {tools.map((tool, index) => (
                <ToolRow
                  key={tool.id}
                  tool={tool}
                  index={index}
                  count={tools.length}
                  scriptsEnabled={scriptsEnabled}
                  busy={busy}
                  dragging={dragId === tool.id}
                  onToggle={(enabled) => void toggle(tool, enabled)}
                  onMove={(offset) => moveTool(tool.id, (from) => from + offset)}
                  onDelete={() => {
                    setDeleteError(null);
                    setDeleting(tool);
                  }}
                  {...dragHandlers(index, tool)}
                />
              ))}
            </ul>
          </>
        )}
      </section>

      {builtin.length > 0 && (
        <section className="panel" aria-labelledby="builtin-tools-title">
          <h2 id="builtin-tools-title">{t('functions.builtinTitle')}</h2>
          <p className="hint">{t('functions.builtinHint')}</p>
          <ul className="tool-list" aria-label={t('functions.builtinTitle')}>
            {builtin.map((entry) => (
              <li key={entry.name} className="tool-row builtin" data-tool-name={entry.name}>
                <div className="tool-main">
                  <div className="row">
                    <strong className="tool-name" translate="no">
                      {entry.displayName ? `${entry.displayName} (${entry.name})` : entry.name}
                    </strong>
                    <KindPill kind="native" />
                    <span className="pill">{t('functions.builtin')}</span>
                    <ParameterCount parameters={entry.parameters} />
                  </div>
                  <p className="tool-description" translate="no">
                    {entry.description}
                  </p>
                </div>
                <div className="tool-actions row">
                  <Switch
                    checked={entry.enabled}
                    label={t('functions.enableNamed', { name: entry.name })}
                    onChange={(enabled) => void toggleBuiltin(entry, enabled)}
                  />
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}

      <WebSearchSettings />

      {deleting && (
        <ConfirmDialog
          title={t('functions.deleteTitle', { name: deleting.name })}
          message={
            <p>
              <Trans
                i18nKey="functions.deleteConfirm"
                values={{ name: deleting.name }}
                components={{ strong: <strong /> }}
              />
            </p>
          }
          confirmLabel={t('common.delete')}
          danger
          busy={busy}
          error={deleteError}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
