import { useMemo, useState } from 'react';
import type { ProfileView } from '../../src-shared/profile';
import type { NamedValue } from '../../src-shared/quoted-values';
import { DocumentViewer } from '../features/documents/document-viewer';
import { InboxScreen } from '../features/inbox/inbox-screen';
import { useProfiles } from '../features/profiles/profiles-store';
import { currentValue } from '../lib/remote';

/** The inbox with the document viewer its deliveries open, and the profiles' names it shows. */
export function InboxRoute({ profile }: { profile: ProfileView }) {
  // The values to mask come with the document: as the payload judged them when it was opened.
  const [document, setDocument] = useState<{
    documentId: string;
    filename: string;
    confidential: readonly NamedValue[];
  } | null>(null);
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
        onOpenDocument={(documentId, filename, confidential) =>
          setDocument({ documentId, filename, confidential })
        }
      />
      {document && (
        <DocumentViewer
          profileId={profile.id}
          document={document}
          confidential={document.confidential}
          onClose={() => setDocument(null)}
        />
      )}
    </>
  );
}
