import type { StageProps } from './walk-host';
import { useWalk } from './walk-store';

/** Stage 2: open the attached XML document; where the payload links one, it must be opened. */
export function DocumentStage({ stage, view, host }: StageProps) {
  const next = useWalk((state) => state.next);
  const opened = useWalk((state) => state.openDocument);
  const documents = view.documents.flatMap((document) =>
    document.documentId ? [{ documentId: document.documentId, name: document.name }] : [],
  );
  const here = stage.kind === 'openDocument' ? stage : null;
  return (
    <div className="walk-body">
      {documents.length === 0 && <p className="muted">The payload links no document.</p>}
      <div className="button-row">
        {documents.map((document) => (
          <button
            key={document.documentId}
            type="button"
            onClick={() => {
              host.openDocument(document.documentId, document.name);
              void opened(document.documentId);
            }}
          >
            Open {document.name}
          </button>
        ))}
        {here && (
          <button
            type="button"
            className="primary"
            disabled={documents.length > 0 && here.documentId === null}
            onClick={() => void next(documents.length)}
          >
            Document read, continue
          </button>
        )}
      </div>
    </div>
  );
}
