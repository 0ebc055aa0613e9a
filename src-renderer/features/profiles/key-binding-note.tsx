import { keyClearedNote, type KeyBindingChange } from '../../../src-shared/key-binding';
import { TextField } from '../../components/text-field';

/**
 * Says, before saving, that the edit clears the stored key (src-shared/key-binding.ts decides
 * which edits do), and on a live profile (or one leaving live) asks for the profile's name typed
 * again, which main also demands. Shown by the Save button, since the changed field may sit under "Advanced".
 */
export function KeyBindingNote({
  name,
  changes,
  hasCredentials,
  live,
  leavesLive,
  confirmName,
  onConfirmName,
  error,
}: {
  name: string;
  changes: readonly KeyBindingChange[];
  hasCredentials: boolean;
  live: boolean;
  /** A live profile being made a test one: confirmed like a key change. */
  leavesLive: boolean;
  confirmName: string;
  onConfirmName: (value: string) => void;
  error: string | undefined;
}) {
  if (changes.length === 0 && !leavesLive) return null;
  return (
    <div className="key-binding-note">
      {hasCredentials && changes.length > 0 && (
        <p role="note" className="warning-box">
          {keyClearedNote(changes)}
        </p>
      )}
      {live && (
        <TextField
          label={`Live profile: type its name "${name}" to confirm`}
          value={confirmName}
          onChange={onConfirmName}
          error={error}
        />
      )}
    </div>
  );
}
