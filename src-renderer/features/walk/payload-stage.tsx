import type { StageProps } from './walk-host';
import { useWalk } from './walk-store';

/** Stage 1: what the REST API step sent, in a sentence. */
export function PayloadStage({ stage, view }: StageProps) {
  const next = useWalk((state) => state.next);
  const linked = view.documents.filter((document) => document.documentId).length;
  return (
    <div className="walk-body">
      <p>
        Process <code className="mono-id">{view.processId}</code> ({view.externalReference || 'no reference'}
        ), {view.documents.length} document(s), {view.fields.length} field(s).
      </p>
      {stage.kind === 'readPayload' && (
        <button type="button" className="primary" onClick={() => void next(linked)}>
          Payload read, continue
        </button>
      )}
    </div>
  );
}
