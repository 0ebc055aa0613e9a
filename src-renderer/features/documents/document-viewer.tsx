import { startTransition, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { DocumentSummary } from '../../../src-shared/api';
import type { DocumentView } from '../../../src-shared/documents';
import { textMasker, type NamedValue } from '../../../src-shared/quoted-values';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { Dialog } from '../../components/dialog';
import { Tabs } from '../../components/tabs';
import { api } from '../../lib/api';
import { formatBytes } from '../../lib/format';
import { invalidate, useRemote } from '../../lib/cache';
import { FormView } from './form-view';
import { RawView } from './raw-view';
import { TreeView } from './tree-view';
import { CallError } from '../../components/call-error';
import { ProgressLine } from '../../components/progress-line';

/**
 * Shows one document: form view, tree and raw text for XML; a preview for images; save for the
 * rest. Every view masks the values in `confidential` wherever the document shows them; Copy and
 * Save as give the document as it came, and say so.
 */
export function DocumentViewer({
  profileId,
  document,
  confidential,
  onClose,
}: {
  profileId: string;
  document: Pick<DocumentSummary, 'documentId' | 'filename'>;
  /**
   * The values to mask, named by their fields: the process's confidential fields, or, where the
   * process is not known yet, every value that cannot be judged (the inbox's rule).
   */
  confidential: readonly NamedValue[];
  onClose: () => void;
}) {
  const [remote, reload, progress] = useRemote('documents.get', {
    profileId,
    documentId: document.documentId,
  });
  const [gone, setGone] = useState<CallFailure | null>(null);
  const documentRef = remote.status === 'ready' ? remote.value.documentRef : null;
  const onFailure = useCallback((error: CallFailure) => setGone(error), []);

  // Main keeps the decoded copy while the viewer is open; closing lets it go and forgets the
  // answer, so opening the document again decodes it afresh instead of paging a dropped copy.
  useEffect(() => {
    if (documentRef === null) return;
    return () => {
      void api.documents.close({ documentRef });
      invalidate('documents.get', (input) => input.documentId === document.documentId);
    };
  }, [documentRef, document.documentId]);

  function reopen() {
    setGone(null);
    invalidate('documents.get', (input) => input.documentId === document.documentId);
    reload();
  }

  return (
    <Dialog title={document.filename} onClose={onClose} wide>
      {remote.status === 'loading' && (
        <ProgressLine progress={progress} label={`Opening ${document.filename}…`} />
      )}
      {remote.status === 'error' && <CallError error={remote.error} onRetry={reload} />}
      {gone && (
        <CallError error={gone}>
          <button type="button" onClick={reopen}>
            Open again
          </button>
        </CallError>
      )}
      {remote.status === 'ready' && !gone && (
        <DocumentBody
          key={remote.value.documentRef}
          profileId={profileId}
          doc={remote.value}
          confidential={confidential}
          onFailure={onFailure}
        />
      )}
    </Dialog>
  );
}

function DocumentBody({
  profileId,
  doc,
  confidential,
  onFailure,
}: {
  profileId: string;
  doc: DocumentView;
  confidential: readonly NamedValue[];
  onFailure: (error: CallFailure) => void;
}) {
  const [saved, setSaved] = useState<string | null>(null);
  const [tab, setTab] = useState(doc.form ? 'form' : doc.tree ? 'tree' : 'raw');
  const { text, tree } = doc;
  const mask = textMasker(confidential);
  const inClear = inClearNote(confidential);
  const inClearId = useId();

  // Copy gives the document as it came, asked of main only when the user copies.
  async function copy() {
    const result = await api.documents.source({ documentRef: doc.documentRef });
    if (result.ok) await navigator.clipboard.writeText(result.value.text);
    else onFailure(result.error);
  }

  async function save() {
    setSaved('Saving…');
    const result = await api.documents.save({ profileId, documentId: doc.documentId ?? '' });
    setSaved(
      result.ok
        ? `Saved to ${result.value.path}.${inClear ? ` ${inClear.saved}` : ''}`
        : result.error.message,
    );
  }
  // The desktop menu's File > Save document… saves the document on screen.
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => api.menu.onSaveDocument(() => void saveRef.current()), []);

  const tabs = [
    ...(doc.form
      ? [{ id: 'form', label: 'Form view', render: () => <FormView form={doc.form!} mask={mask} /> }]
      : []),
    ...(tree
      ? [
          {
            id: 'tree',
            label: 'Tree',
            render: () => (
              <TreeView
                documentRef={doc.documentRef}
                root={tree.root}
                firstChildren={tree.firstChildren}
                nodeCount={doc.nodeCount ?? 0}
                mask={mask}
                onFailure={onFailure}
              />
            ),
          },
        ]
      : []),
    ...(text !== undefined
      ? [
          {
            id: 'raw',
            label: 'Raw',
            render: () => (
              <RawView documentRef={doc.documentRef} first={text} mask={mask} onFailure={onFailure} />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="document-body">
      <div className="toolbar">
        <span className="muted">
          {doc.contentType} · {formatBytes(doc.size)} · {doc.kind.toUpperCase()}
        </span>
        <span className="spacer" />
        {text !== undefined && (
          <button
            type="button"
            onClick={() => void copy()}
            aria-describedby={inClear ? inClearId : undefined}
          >
            Copy
          </button>
        )}
        <button
          type="button"
          onClick={() => void save()}
          disabled={!doc.documentId}
          aria-describedby={inClear ? inClearId : undefined}
        >
          Save as…
        </button>
      </div>
      {inClear && (
        <p className="hint" id={inClearId}>
          {inClear.before}
        </p>
      )}
      {saved && (
        <p role="status" className="muted">
          {saved}
        </p>
      )}
      {doc.warnings.map((warning) => (
        <p key={warning} role="alert" className="warning-box">
          {warning}
        </p>
      ))}
      {doc.previewDataUrl && (
        <img className="image-preview" src={doc.previewDataUrl} alt={`Preview of ${doc.filename}`} />
      )}
      {tabs.length > 0 ? (
        <Tabs
          label="Document views"
          selected={tab}
          // A transition: the click returns at once and the new view renders in slices, so mounting
          // the tree or the raw text is not one long task.
          onSelect={(id) => startTransition(() => setTab(id))}
          tabs={tabs}
        />
      ) : (
        !doc.previewDataUrl && (
          <p className="muted">
            This {doc.kind === 'pdf' ? 'PDF' : 'file'} cannot be shown here; use “Save as…” to open it with
            another program.
          </p>
        )
      )}
    </div>
  );
}

/**
 * What Copy and Save as say when the process has confidential values: they give the document as
 * it came, so its copy and its file hold those values in clear; the views mask them, the file not.
 */
function inClearNote(confidential: readonly NamedValue[]): { before: string; saved: string } | null {
  const names = [...new Set(confidential.filter((value) => value.value.trim()).map((value) => value.name))];
  if (names.length === 0) return null;
  const count = names.length === 1 ? '1 confidential value' : `${names.length} confidential values`;
  return {
    before: `Copy and Save as… give the document as it came: wherever it holds the process's ${count} (${names.join(', ')}), the copy and the file hold them in clear.`,
    saved: `The file holds the document as it came, its ${count} (${names.join(', ')}) in clear.`,
  };
}
