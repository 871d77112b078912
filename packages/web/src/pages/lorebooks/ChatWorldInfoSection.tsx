import { useCallback, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { Character, Chat, ChatBody, LorebookSummary, WorldInfoActivationTrace } from '../../api/types';
import { hrefFor } from '../../app/router';
import { ErrorBanner } from '../../components/ErrorBanner';
import { i18n } from '../../i18n/i18n';
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
  settings: Pick<Chat['settings'], 'lorebookIds' | 'worldInfo'>;
  onChange: (settings: Pick<NonNullable<ChatBody['settings']>, 'lorebookIds' | 'worldInfo'>) => Promise<void>;
}) {
  const { t } = useTranslation();
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
      .catch((e) => setError(i18n.t('lorebooks.chat.loadTraceFailed', { message: errorMessage(e) })));
  }, [chatId]);

  useEffect(() => {
    api
      .get<{ lorebooks: LorebookSummary[] }>('/api/lorebooks')
      .then((a) => setBooks(a.lorebooks))
      .catch((e) => setError(i18n.t('lorebooks.chat.loadBooksFailed', { message: errorMessage(e) })));
    api
      .get<{ characters: Character[] }>('/api/characters')
      .then((a) => setCharacters(a.characters))
      .catch((e) => setError(i18n.t('lorebooks.chat.loadCharactersFailed', { message: errorMessage(e) })));
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
      setSettingsStatus(i18n.t('lorebooks.chat.settingsSaved'));
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
      <h3 id="world-info-heading">{t('lorebooks.chat.heading')}</h3>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {books?.length === 0 && (
        <p className="hint">
          <Trans i18nKey="lorebooks.chat.none" components={{ create: <LorebooksLink /> }} />
        </p>
      )}
      {books && books.length > 0 && (
        <fieldset className="field">
          <legend>{t('lorebooks.chat.inThisChat')}</legend>
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
                    <span translate="no">{book.name}</span>
                    {book.global && <span className="pill">{t('lorebooks.global')}</span>}
                    {via && <span className="pill">{t('lorebooks.chat.via', { name: via.name })}</span>}
                    {book.disabled && <span className="pill amber">{t('lorebooks.disabled')}</span>}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {missing.length > 0 && <p className="hint">{t('lorebooks.chat.missing', { count: missing.length })}</p>}
      <form
        className="field lore-settings"
        noValidate
        onSubmit={saveSettings}
        aria-label={t('lorebooks.chat.settings')}
      >
        <div className="lore-settings-grid">
          <label>
            {t('lorebooks.entry.scanDepth')}
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
            {t('lorebooks.chat.budget')}
            <input
              type="number"
              min={1}
              placeholder={t('lorebooks.chat.budgetNone')}
              value={draft.budgetLimit}
              onChange={(e) => edit({ budgetLimit: e.target.value })}
            />
          </label>
          <label>
            {t('lorebooks.chat.budgetUnit')}
            <select
              value={draft.budgetUnit}
              onChange={(e) => edit({ budgetUnit: e.target.value as 'tokens' | 'chars' })}
            >
              <option value="tokens">{t('lorebooks.chat.tokens')}</option>
              <option value="chars">{t('lorebooks.chat.chars')}</option>
            </select>
          </label>
          <label>
            {t('lorebooks.chat.recursionRounds')}
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
            {t('lorebooks.chat.recursion')}
          </label>
          <button type="submit" disabled={busy}>
            {t('lorebooks.chat.saveSettings')}
          </button>
        </div>
        {settingsStatus && (
          <p className="hint" role="status">
            {settingsStatus}
          </p>
        )}
      </form>
      <div className="spread">
        <h4>{t('lorebooks.chat.last')}</h4>
        <button type="button" onClick={loadTrace}>
          {t('lorebooks.chat.refresh')}
        </button>
      </div>
      {activation === null && <p className="hint">{t('lorebooks.chat.noActivation')}</p>}
      {activation && (
        <>
          <p className="hint">
            {new Date(activation.at).toLocaleString(i18n.language)} ·{' '}
            {t('lorebooks.chat.used', { count: activation.activated.length })}
            {activation.recursionDepth > 0
              ? ` · ${t('lorebooks.chat.recursionDepth', { depth: activation.recursionDepth })}`
              : ''}
            {activation.budget
              ? ` · ${t(
                  activation.budget.overflowed
                    ? 'lorebooks.chat.budgetOverflowed'
                    : 'lorebooks.chat.budgetUsed',
                  {
                    used: activation.budget.used,
                    limit: activation.budget.limit,
                    unit: t(`lorebooks.chat.unit.${activation.budget.unit}`),
                  },
                )}`
              : ''}
          </p>
          {lines.length === 0 ? (
            <p className="hint">{t('lorebooks.chat.noneScanned')}</p>
          ) : (
            <ul className="lore-trace" aria-label={t('lorebooks.chat.activation')}>
              {lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the trace is a fixed list in its own order
                <li key={i} className={line.state}>
                  <strong translate="no">{line.label}</strong>{' '}
                  <span
                    className={`pill${line.state === 'on' ? ' ok' : line.state === 'dropped' ? ' amber' : ''}`}
                  >
                    {line.state === 'on'
                      ? t('lorebooks.chat.stateUsed')
                      : line.state === 'dropped'
                        ? t('lorebooks.chat.stateDropped')
                        : t('lorebooks.chat.stateNotUsed')}
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

/** The link a translated sentence wraps around its own words (Trans fills in the children). */
function LorebooksLink({ children }: { children?: React.ReactNode }) {
  return <a href={hrefFor({ page: 'lorebooks' })}>{children}</a>;
}
