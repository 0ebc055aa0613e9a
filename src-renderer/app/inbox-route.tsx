import { useMemo, useState } from 'react';
import type { ProfileView } from '../../src-shared/profile';
import { DocumentViewer } from '../features/documents/document-viewer';
import { InboxScreen } from '../features/inbox/inbox-screen';
import { useProfiles } from '../features/profiles/profiles-store';
import { currentValue } from '../lib/remote';

/** The inbox with the document viewer its deliveries open, and the profiles' names it shows. */
export function InboxRoute({ profile }: { profile: ProfileView }) {
  const [document, setDocument] = useState<{ documentId: string; filename: string } | null>(null);
  const list = useProfiles((state) => state.list);
  const profiles = currentValue(list)?.profiles;
  const profileNames = useMemo(
    () => new Map((profiles ?? []).map((known) => [known.id, known.name])),
    [profiles],
  );
  return (
    <>
      <InboxScreen
        profileId={profile.id}
        live={profile.environment === 'live'}
        profileNames={profileNames}
        onOpenDocument={(documentId, filename) => setDocument({ documentId, filename })}
      />
      {document && (
        <DocumentViewer profileId={profile.id} document={document} onClose={() => setDocument(null)} />
      )}
    </>
  );
}
