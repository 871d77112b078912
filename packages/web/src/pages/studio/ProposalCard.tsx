import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import type { StudioProposal } from '../../api/types';
import { formatMs, formatValue } from '../simulation/trace-format';
import { asJson, changedSections, type DiffRow, lineDiff } from './diff-lines';

function Diff({ label, before, after }: { label: string; before: string; after: string }) {
  const rows: DiffRow[] = lineDiff(before, after);
  return (
    <section className="studio-diff" aria-label={`${label} diff`}>
      <div className="sim-label">{label}</div>
      <pre className="diff-lines">
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a diff's rows never reorder
          <span key={i} className={`diff-${row.kind}`}>
            {row.kind === 'add' ? '+ ' : row.kind === 'del' ? '- ' : '  '}
            {row.text}
            {'\n'}
          </span>
        ))}
      </pre>
    </section>
  );
}

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
    : [{ label: 'Profile', before: asJson(proposal.profileBefore), after: asJson(proposal.profileAfter) }];

  const saveEdit = async () => {
    if (editing === null) return;
    setEditError(null);
    let change: unknown;
    try {
      change = JSON.parse(editing);
    } catch (e) {
      setEditError(`Not valid JSON: ${errorMessage(e)}`);
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
    <li className={`panel proposal ${proposal.status}`} aria-label={`Proposal: ${proposal.title}`}>
      <div className="spread">
        <h3 className="card-title">{proposal.title}</h3>
        <span
          className={`pill ${proposal.status === 'accepted' ? 'ok' : proposal.status === 'rejected' ? 'danger' : 'amber'}`}
        >
          {proposal.status === 'pending'
            ? 'Pending review'
            : proposal.status === 'accepted'
              ? 'Accepted'
              : 'Rejected'}
        </span>
      </div>
      {proposal.reason && <p className="proposal-reason">{proposal.reason}</p>}
      {proposal.arrivesDisabled && (
        <p className="hint">
          <span className="pill amber">Arrives switched off</span> A new {proposal.toolAfter?.kind} tool: turn
          it on in the profile’s tools once you trust it.
        </p>
      )}
      {proposal.edited && <p className="hint">Edited by you.</p>}
      {proposal.change.kind === 'remove' ? (
        <p className="hint">The tool is removed from the profile.</p>
      ) : (
        sections.map((s) => <Diff key={s.label} label={s.label} before={s.before} after={s.after} />)
      )}
      {proposal.dryRuns.length > 0 && (
        <section className="studio-dry-runs" aria-label="Dry runs">
          <div className="sim-label">Dry runs (in the chat’s context, writes simulated)</div>
          {proposal.dryRuns.map((run) => (
            <div key={run.at} className="dry-run">
              <div className="hint">
                {run.tool} with {formatValue(run.args).replace(/\s+/g, ' ')} · {formatMs(run.durationMs)}
                {run.simulated ? ' · simulated' : ''}
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
          The change (JSON)
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
                Edit
              </button>
              <button type="button" className="danger" onClick={onReject} disabled={busy}>
                Reject
              </button>
              <button type="button" className="primary" onClick={onAccept} disabled={busy}>
                Accept
              </button>
            </>
          ) : (
            <>
              <button type="button" onClick={() => setEditing(null)}>
                Cancel edit
              </button>
              <button type="button" className="primary" onClick={() => void saveEdit()} disabled={busy}>
                Save edit
              </button>
            </>
          )}
        </div>
      )}
    </li>
  );
}
