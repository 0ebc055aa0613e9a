import { useEffect, useState } from 'react';
import type { DocumentSummary, Process, Step } from '../../../src-shared/api';
import type { ProfileView } from '../../../src-shared/profile';
import { CallError } from '../../components/call-error';
import { ProgressLine } from '../../components/progress-line';
import { Tabs } from '../../components/tabs';
import { setRemote, useRemote } from '../../lib/cache';
import { api } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import { noteAdded, useProcessLookup } from '../../lib/process-cache';
import { currentValue } from '../../lib/remote';
import { AccountsTab } from './accounts-tab';
import { AuditTab } from './audit-tab';
import { DocumentsTab } from './documents-tab';
import { FieldsTab } from './fields-tab';
import { NotesTab } from './notes-tab';
import { ProcessHeader } from './process-header';
import { StepsTab } from './steps-tab';

/** The process view: header, then Steps, Notes, Documents, Accounts and Fields. */
export function ProcessScreen({
  lookup,
  profile,
  onComplete,
  onOpenDocument,
}: {
  lookup: string;
  profile: ProfileView;
  onComplete: (step: Step) => void;
  onOpenDocument: (document: DocumentSummary) => void;
}) {
  const profileId = useNavigation((state) => state.profileId);
  const [remote, reload, progress] = useProcessLookup(profileId, lookup);
  const [history] = useRemote('history.list', profileId ? { profileId } : null);
  const [tab, setTab] = useState('steps');

  const loadedProcess = remote.status === 'ready' ? remote.value : null;
  useEffect(() => {
    if (!loadedProcess) return;
    // After the browser has painted this frame: the benchmark reads data-to-first-paint from it.
    const frame = requestAnimationFrame(() => setTimeout(() => performance.mark('process-painted'), 0));
    return () => cancelAnimationFrame(frame);
  }, [loadedProcess]);

  if (!profileId) return <p className="muted">Choose a profile first.</p>;
  const process = currentValue(remote);

  if (!process) {
    if (remote.status === 'error') {
      return (
        <div className="screen">
          <CallError error={remote.error} onRetry={reload}>
            {lookup && (
              <p className="muted">
                Looked up “{lookup}” with the profile {profile.name}.
              </p>
            )}
          </CallError>
        </div>
      );
    }
    return (
      <div className="screen">
        <ProgressLine progress={progress} label={`Opening ${lookup}…`} />
      </div>
    );
  }

  const pinned =
    currentValue(history)?.pinned.some((entry) => entry.processId === process.processId) ?? false;

  return (
    <div className="screen process-screen">
      <ProcessHeader
        process={process}
        pinned={pinned}
        refreshing={remote.status === 'loading'}
        onRefresh={reload}
        onTogglePin={() => void togglePin(profileId, process, !pinned)}
      />
      <Tabs
        label="Process details"
        selected={tab}
        onSelect={setTab}
        tabs={[
          {
            id: 'steps',
            label: 'Steps',
            badge: process.steps.length,
            render: () => <StepsTab process={process} onComplete={onComplete} />,
          },
          {
            id: 'notes',
            label: 'Notes',
            badge: process.notes.length,
            render: () => (
              <NotesTab
                process={process}
                profile={profile}
                onAdded={(note) => noteAdded(profileId, process.processId, note)}
                onCheckProcess={reload}
              />
            ),
          },
          {
            id: 'documents',
            label: 'Documents',
            badge: process.documents.length,
            render: () => <DocumentsTab process={process} onOpen={onOpenDocument} />,
          },
          {
            id: 'accounts',
            label: 'Accounts',
            badge: process.accounts.length,
            render: () => <AccountsTab process={process} />,
          },
          {
            id: 'fields',
            label: 'Fields',
            badge: process.fields.length,
            render: () => <FieldsTab process={process} />,
          },
          {
            id: 'audit',
            label: 'Audit',
            render: () => <AuditTab processId={process.processId} />,
          },
        ]}
      />
    </div>
  );
}

/** Pins or unpins; the reply is the profile's history, kept as it is rather than listed again. */
async function togglePin(profileId: string, process: Process, pinned: boolean) {
  const result = await api.history.pin({
    profileId,
    processId: process.processId,
    pinned,
    externalReference: process.externalReference,
    processTypeName: process.processTypeName ?? undefined,
  });
  if (result.ok) setRemote('history.list', { profileId }, result.value);
}
