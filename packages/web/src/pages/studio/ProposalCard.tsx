import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/client';
import type { StudioProposal } from '../../api/types';
import { FieldDiff } from '../../components/FieldDiff';
import { formatMs, formatValue } from '../simulation/trace-format';
import { asJson, changedSections } from './diff-lines';

/**
 * One proposal as a review card: what changes and why, the diff of body and schema (or of the profile part it
 * touches), its dry runs, and Accept / Reject / Edit while it is pending.
 */
export function ProposalCard({
  proposal,
  busy,
  onAccept,
  onReject,
  onEdit,
}: {
  proposal: StudioProposal;
  busy: boolean;
  onAccept: () => void;
  onReject: () => void;
  onEdit: (change: unknown) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const pending = proposal.status === 'pending';
  const tool =
    proposal.change.kind === 'set' || proposal.change.kind === 'patch' || proposal.change.kind === 'remove';
  const sections = tool
    ? changedSections(
        proposal.toolBefore as Record<string, unknown> | null,
        proposal.toolAfter as Record<string, unknown> | null,
      )
    : [
        {
          field: 'profile',
          label: 'Profile',
          before: asJson(proposal.profileBefore),
          after: asJson(proposal.profileAfter),
        },
      ];

  const saveEdit = async () => {
    if (editing === null) return;
    setEditError(null);
    let change: unknown;
    try {
      change = JSON.parse(editing);
    } catch (e) {
      setEditError(t('studio.proposal.invalidJson', { message: errorMessage(e) }));
      return;
    }
    try {
      await onEdit(change);
      setEditing(null);
    } catch (e) {
      setEditError(
        e instanceof ApiError && e.fieldErrors.length
          ? e.fieldErrors.map((f) => f.message).join(' ')
          : errorMessage(e),
      );
    }
  };

  return (
    <li
      className={`panel proposal ${proposal.status}`}
      aria-label={t('studio.proposal.label', { title: proposal.title })}
    >
      <div className="spread">
        <h3 className="card-title" translate="no">
          {proposal.title}
        </h3>
        <span
          className={`pill ${proposal.status === 'accepted' ? 'ok' : proposal.status === 'rejected' ? 'danger' : 'amber'}`}
        >
          {t(`studio.proposal.${proposal.status}`)}
        </span>
      </div>
      {proposal.reason && (
        <p className="proposal-reason" translate="no">
          {proposal.reason}
        </p>
      )}
      {proposal.arrivesDisabled && (
        <p className="hint">
          <span className="pill amber">{t('studio.proposal.arrivesOff')}</span>{' '}
          {t('studio.proposal.arrivesOffHint', { kind: proposal.toolAfter?.kind })}
        </p>
      )}
      {proposal.edited && <p className="hint">{t('studio.proposal.edited')}</p>}
      {proposal.change.kind === 'remove' ? (
        <p className="hint">{t('studio.proposal.removed')}</p>
      ) : (
        sections.map((s) => (
          <FieldDiff
            key={s.field}
            label={t(`studio.proposal.section.${s.field}`)}
            before={s.before}
            after={s.after}
          />
        ))
      )}
      {proposal.dryRuns.length > 0 && (
        <section className="studio-dry-runs" aria-label={t('studio.proposal.dryRuns')}>
          <div className="sim-label">{t('studio.proposal.dryRunsTitle')}</div>
          {proposal.dryRuns.map((run) => (
            <div key={run.at} className="dry-run">
              <div className="hint" translate="no">
                {t('studio.proposal.dryRunWith', {
                  tool: run.tool,
                  args: formatValue(run.args).replace(/\s+/g, ' '),
                })}{' '}
                · {formatMs(run.durationMs)}
                {run.simulated ? ` · ${t('studio.proposal.simulated')}` : ''}
              </div>
              <pre className={run.ok ? 'sim-code' : 'sim-code error'}>
                {run.ok ? formatValue(run.result) : run.error}
              </pre>
              {run.logs.length > 0 && (
                <pre className="sim-code">{run.logs.map((l) => `[${l.level}] ${l.message}`).join('\n')}</pre>
              )}
            </div>
          ))}
        </section>
      )}
      {editing !== null && (
        <label className="proposal-edit">
          {t('studio.proposal.change')}
          <textarea
            rows={10}
            spellCheck={false}
            value={editing}
            onChange={(e) => setEditing(e.target.value)}
          />
          {editError && (
            <span className="error" role="alert">
              {editError}
            </span>
          )}
        </label>
      )}
      {pending && (
        <div className="row end">
          {editing === null ? (
            <>
              <button
                type="button"
                onClick={() => setEditing(JSON.stringify(proposal.change, null, 2))}
                disabled={busy}
              >
                {t('studio.proposal.edit')}
              </button>
              <button type="button" className="danger" onClick={onReject} disabled={busy}>
                {t('studio.proposal.reject')}
              </button>
              <button type="button" className="primary" onClick={onAccept} disabled={busy}>
                {t('studio.proposal.accept')}
              </button>
            </>
          ) : (
            <>
              <button type="button" onClick={() => setEditing(null)}>
                {t('studio.proposal.cancelEdit')}
              </button>
              <button type="button" className="primary" onClick={() => void saveEdit()} disabled={busy}>
                {t('studio.proposal.saveEdit')}
              </button>
            </>
          )}
        </div>
      )}
    </li>
  );
}
