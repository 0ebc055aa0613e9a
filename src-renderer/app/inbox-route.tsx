import { useState } from 'react';
import type { ProfileView } from '../../src-shared/profile';
import { DocumentViewer } from '../features/documents/document-viewer';
import { InboxScreen } from '../features/inbox/inbox-screen';

/** The inbox with the document viewer its deliveries open. */
export function InboxRoute({ profile }: { profile: ProfileView }) {
  const [document, setDocument] = useState<{ documentId: string; filename: string } | null>(null);
  return (
    <>
      <InboxScreen
        profileId={profile.id}
        live={profile.environment === 'live'}
        onOpenDocument={(documentId, filename) => setDocument({ documentId, filename })}
      />
      {document && (
        <DocumentViewer profileId={profile.id} document={document} onClose={() => setDocument(null)} />
      )}
    </>
  );
}
