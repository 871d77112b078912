import { useCallback, useEffect, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import type {
  Character,
  ChatWorldInfoSettings,
  LorebookSummary,
  WorldInfoActivationTrace,
} from '../../api/types';
import { hrefFor } from '../../app/router';
import { ErrorBanner } from '../../components/ErrorBanner';
import { traceLines } from './activation-text';
import { settingsDraft, settingsFromDraft, type WorldInfoSettingsDraft } from './world-info-settings';
import './lorebooks.css';

/**
 * Chat Settings › World Info: which lorebooks this chat uses (global ones always apply) and the last
 * generation's activation trace (each entry, and why it was used or not).
 */
export function ChatWorldInfoSection({
  chatId,
  characterIds = [],
  settings,
  onChange,
}: {
  chatId: string;
  /** the chat's characters: their books apply too */
  characterIds?: string[];
  settings: { lorebookIds?: string[]; worldInfo?: ChatWorldInfoSettings };
  onChange: (settings: { lorebookIds?: string[]; worldInfo?: ChatWorldInfoSettings | null }) => Promise<void>;
}) {
  const lorebookIds = settings.lorebookIds ?? [];
  const [draft, setDraft] = useState<WorldInfoSettingsDraft>(() => settingsDraft(settings.worldInfo));
  const [settingsStatus, setSettingsStatus] = useState<string | null>(null);
  const [books, setBooks] = useState<LorebookSummary[] | null>(null);
  const [activation, setActivation] = useState<WorldInfoActivationTrace | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [characters, setCharacters] = useState<Character[]>([]);

  const loadTrace = useCallback(() => {
    api
      .get<{ activation: WorldInfoActivationTrace | null }>(
        `/api/chats/${encodeURIComponent(chatId)}/world-info`,
      )
      .then((a) => setActivation(a.activation))
      .catch((e) => setError(`Could not load the last activation: ${errorMessage(e)}`));
  }, [chatId]);

  useEffect(() => {
    api
      .get<{ lorebooks: LorebookSummary[] }>('/api/lorebooks')
      .then((a) => setBooks(a.lorebooks))
      .catch((e) => setError(`Could not load lorebooks: ${errorMessage(e)}`));
    api
      .get<{ characters: Character[] }>('/api/characters')
      .then((a) => setCharacters(a.characters))
      .catch((e) => setError(`Could not load characters: ${errorMessage(e)}`));
    loadTrace();
  }, [loadTrace]);

  const toggle = async (id: string, on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await onChange({ lorebookIds: on ? [...lorebookIds, id] : lorebookIds.filter((x) => x !== id) });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const saveSettings = async (event: React.FormEvent) => {
    event.preventDefault();
    setSettingsStatus(null);
    setError(null);
    const parsed = settingsFromDraft(draft);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setBusy(true);
    try {
      await onChange({ worldInfo: Object.keys(parsed.settings).length > 0 ? parsed.settings : null });
      setSettingsStatus('Activation settings saved.');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const edit = (next: Partial<WorldInfoSettingsDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setSettingsStatus(null);
  };

  /** the chat character whose book this is, if any */
  const viaCharacter = (bookId: string) =>
    characters.find((c) => characterIds.includes(c.id) && c.lorebookId === bookId);

  const lines = activation ? traceLines(activation) : [];
  const missing = books ? lorebookIds.filter((id) => !books.some((b) => b.id === id)) : [];

  return (
    <section className="drawer-section" aria-labelledby="world-info-heading">
      <h3 id="world-info-heading">World Info</h3>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {books?.length === 0 && (
        <p className="hint">
          No lorebooks yet. <a href={hrefFor({ page: 'lorebooks' })}>Create one</a>.
        </p>
      )}
      {books && books.length > 0 && (
        <fieldset className="field">
          <legend>Lorebooks in this chat</legend>
          <ul className="lore-attach">
            {books.map((book) => {
              const via = viaCharacter(book.id);
              return (
                <li key={book.id}>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={book.global || Boolean(via) || lorebookIds.includes(book.id)}
                      disabled={busy || book.global || Boolean(via)}
                      onChange={(e) => void toggle(book.id, e.target.checked)}
                    />
                    {book.name}
                    {book.global && <span className="pill">Global</span>}
                    {via && <span className="pill">Via {via.name}</span>}
                    {book.disabled && <span className="pill amber">Disabled</span>}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {missing.length > 0 && <p className="hint">{missing.length} attached lorebook(s) no longer exist.</p>}
      <form
        className="field lore-settings"
        noValidate
        onSubmit={saveSettings}
        aria-label="World info activation settings"
      >
        <div className="lore-settings-grid">
          <label>
            Scan depth
            <input
              type="number"
              min={0}
              max={1000}
              placeholder="2"
              value={draft.scanDepth}
              onChange={(e) => edit({ scanDepth: e.target.value })}
            />
          </label>
          <label>
            Budget
            <input
              type="number"
              min={1}
              placeholder="none"
              value={draft.budgetLimit}
              onChange={(e) => edit({ budgetLimit: e.target.value })}
            />
          </label>
          <label>
            Budget unit
            <select
              value={draft.budgetUnit}
              onChange={(e) => edit({ budgetUnit: e.target.value as 'tokens' | 'chars' })}
            >
              <option value="tokens">Tokens</option>
              <option value="chars">Characters</option>
            </select>
          </label>
          <label>
            Recursion rounds
            <input
              type="number"
              min={0}
              max={10}
              placeholder="3"
              value={draft.maxDepth}
              disabled={!draft.recursion}
              onChange={(e) => edit({ maxDepth: e.target.value })}
            />
          </label>
        </div>
        <div className="spread">
          <label className="check">
            <input
              type="checkbox"
              checked={draft.recursion}
              onChange={(e) => edit({ recursion: e.target.checked })}
            />
            Entries can activate entries (recursion)
          </label>
          <button type="submit" disabled={busy}>
            Save activation settings
          </button>
        </div>
        {settingsStatus && (
          <p className="hint" role="status">
            {settingsStatus}
          </p>
        )}
      </form>
      <div className="spread">
        <h4>Last activation</h4>
        <button type="button" onClick={loadTrace}>
          Refresh activation
        </button>
      </div>
      {activation === null && (
        <p className="hint">No generation has activated world info in this chat yet.</p>
      )}
      {activation && (
        <>
          <p className="hint">
            {new Date(activation.at).toLocaleString()} · {activation.activated.length} entr
            {activation.activated.length === 1 ? 'y' : 'ies'} used
            {activation.recursionDepth > 0 ? ` · recursion depth ${activation.recursionDepth}` : ''}
            {activation.budget
              ? ` · budget ${activation.budget.used}/${activation.budget.limit} ${activation.budget.unit}${
                  activation.budget.overflowed ? ' (overflowed)' : ''
                }`
              : ''}
          </p>
          {lines.length === 0 ? (
            <p className="hint">No entries were scanned.</p>
          ) : (
            <ul className="lore-trace" aria-label="World info activation">
              {lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the trace is a fixed list in its own order
                <li key={i} className={line.state}>
                  <strong>{line.label}</strong>{' '}
                  <span
                    className={`pill${line.state === 'on' ? ' ok' : line.state === 'dropped' ? ' amber' : ''}`}
                  >
                    {line.state === 'on' ? 'Used' : line.state === 'dropped' ? 'Dropped' : 'Not used'}
                  </span>
                  <div className="hint">{line.text}</div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
