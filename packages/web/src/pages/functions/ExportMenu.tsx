import type { ExportNote, ExportNotesAnswer } from '@toolsmith/core/api-schema';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import { downloadExport, exportedMessage } from '../../components/download';

type ExportFormat = 'toolsmith' | 'marinara' | 'luker';
const FORMATS: readonly ExportFormat[] = ['toolsmith', 'marinara', 'luker'];

/**
 * The Functions page's export: a format select (Toolsmith, Marinara Engine, Luker), the credentials box and
 * the button, with what the chosen app cannot hold listed before the download. `version` changes whenever the
 * tools do, so the list follows edits.
 */
export function ExportMenu({
  disabled,
  version,
  onStatus,
  onError,
}: {
  disabled: boolean;
  version: unknown;
  onStatus: (status: string) => void;
  onError: (error: string) => void;
}) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ExportFormat>('toolsmith');
  // exports leave webhook credentials out unless asked
  const [withSecrets, setWithSecrets] = useState(false);
  const [notes, setNotes] = useState<ExportNote[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setNotes(null);
    if (format === 'toolsmith' || version === null) return;
    let live = true;
    api
      .get<ExportNotesAnswer>(`/api/tools/export/notes?format=${format}`)
      .then((answer) => live && setNotes(answer.notes))
      .catch((e) => live && onError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [format, version, onError]);

  const exportNow = async () => {
    setBusy(true);
    try {
      const query = [format === 'toolsmith' ? '' : `format=${format}`, withSecrets ? 'secrets=include' : '']
        .filter(Boolean)
        .join('&');
      const fallback = {
        toolsmith: 'toolsmith-functions.zip',
        marinara: 'marinara-functions.zip',
        luker: 'luker-tools-preset.json',
      }[format];
      const { name, secrets } = await downloadExport(
        `/api/tools/export${query ? `?${query}` : ''}`,
        fallback,
      );
      onStatus(exportedMessage(name, secrets));
    } catch (e) {
      onError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const app = t(`toolExport.app.${format}`);
  return (
    <div className="export-menu">
      <div className="row">
        <label className="inline">
          {t('toolExport.format')}
          <select value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`toolExport.option.${f}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void exportNow()} disabled={disabled || busy}>
          {format === 'toolsmith' ? t('toolExport.buttonToolsmith') : t('toolExport.buttonFor', { app })}
        </button>
        <label className="inline">
          <input type="checkbox" checked={withSecrets} onChange={(e) => setWithSecrets(e.target.checked)} />
          {t('toolExport.includeSecrets')}
        </label>
      </div>
      {format !== 'toolsmith' && notes && (
        <section className="export-notes" aria-label={t('toolExport.notesLabel', { app })}>
          {notes.length === 0 ? (
            <p className="hint">{t('toolExport.allFits', { app })}</p>
          ) : (
            <>
              <p className="hint">{t('toolExport.notesTitle', { app, count: notes.length })}</p>
              <ul>
                {notes.map((note) => (
                  <li key={`${note.tool}.${note.field}`}>
                    <strong>{note.tool}</strong>: {note.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </div>
  );
}
