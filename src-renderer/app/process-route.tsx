import { useState } from 'react';
import type { DocumentSummary, Step } from '../../src-shared/api';
import { confidentialFieldValues } from '../../src-shared/confidential-values';
import type { ProfileView } from '../../src-shared/profile';
import { CompleteStepDialog } from '../features/complete-step/complete-step-dialog';
import { DocumentViewer } from '../features/documents/document-viewer';
import { ProcessScreen } from '../features/process/process-screen';
import { processChanged, processStale, useProcessLookup } from '../lib/process-cache';
import { currentValue } from '../lib/remote';

/** The process view with its two dialogs: complete the current step, and view a document. */
export function ProcessRoute({ lookup, profile }: { lookup: string; profile: ProfileView }) {
  const [completing, setCompleting] = useState<Step | null>(null);
  const [viewing, setViewing] = useState<DocumentSummary | null>(null);
  // Keep the dialogs' process through a reload, so a completion's answer is not lost mid-dialog.
  const process = currentValue(useProcessLookup(profile.id, lookup)[0]);

  return (
    <>
      <ProcessScreen
        lookup={lookup}
        profile={profile}
        onComplete={setCompleting}
        onOpenDocument={setViewing}
      />
      {completing && process && (
        <CompleteStepDialog
          process={process}
          step={completing}
          profile={profile}
          onClose={() => setCompleting(null)}
          // The reply carries the process as it now is: no second call to show it.
          onCompleted={(response) => processChanged(profile.id, response.process)}
          onCheckProcess={() => {
            setCompleting(null);
            processStale(profile.id, process.processId);
          }}
        />
      )}
      {viewing && (
        <DocumentViewer
          profileId={profile.id}
          document={viewing}
          // The documents tab lists a read process's documents, so its fields are here.
          confidential={confidentialFieldValues(process?.fields ?? [])}
          onClose={() => setViewing(null)}
        />
      )}
    </>
  );
}
