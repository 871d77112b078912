import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { Tool } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Switch } from '../../components/Switch';

/** The character's own tools (imported with its card): each with its on/off switch. */
export function CharacterTools({ characterId, name }: { characterId: string; name: string }) {
  const { t } = useTranslation();
  const base = `/api/characters/${encodeURIComponent(characterId)}/tools`;
  const [tools, setTools] = useState<Tool[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<{ tools: Tool[] }>(base)
      .then((a) => setTools(a.tools))
      .catch((e) => setError(t('characterForm.tools.couldNotLoad', { message: errorMessage(e) })));
  }, [base, t]);

  const setEnabled = async (tool: Tool, enabled: boolean) => {
    setError(null);
    try {
      const updated = await api.patch<Tool>(`${base}/${encodeURIComponent(tool.id)}`, { enabled });
      setTools((list) => list?.map((x) => (x.id === tool.id ? updated : x)) ?? null);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <section className="character-tools" aria-label={t('characterForm.tools.label', { name })}>
      <h3>{t('characterForm.tools.heading')}</h3>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {tools?.length === 0 && <p className="hint">{t('characterForm.tools.none')}</p>}
      {tools && tools.length > 0 && (
        <ul className="card-list">
          {tools.map((tool) => (
            <li key={tool.id} className="spread character-tool" aria-label={tool.name}>
              <span className="row">
                <strong translate="no">{tool.name}</strong>
                <span className="pill">{t(`functions.kind.${tool.kind}`, { defaultValue: tool.kind })}</span>
                <span className="pill">
                  {tool.mode === 'write' ? t('characterForm.tools.write') : t('characterForm.tools.read')}
                </span>
                {!tool.enabled && <span className="pill amber">{t('characterForm.tools.disabled')}</span>}
              </span>
              <Switch
                label={t('characterForm.tools.enabledNamed', { name: tool.name })}
                checked={tool.enabled}
                onChange={(on) => void setEnabled(tool, on)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
