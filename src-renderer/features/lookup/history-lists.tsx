import type { HistoryEntry } from '../../../src-shared/history';
import { useRemote } from '../../lib/cache';
import { useNavigation } from '../../lib/navigation';
import { currentValue } from '../../lib/remote';

/** Pinned and recent processes of the current profile, one click to reopen. */
export function HistoryLists() {
  const profileId = useNavigation((state) => state.profileId);
  // Lookups, pins and changes keep the cached history current; it is listed once per profile.
  const [history] = useRemote('history.list', profileId ? { profileId } : null);
  const value = currentValue(history);
  if (!value) return null;
  return (
    <>
      <EntryList title="Pinned" entries={value.pinned} empty="Pin a process to keep it here." />
      <EntryList title="Recent" entries={value.recent.slice(0, 12)} empty="Processes you open appear here." />
    </>
  );
}

function EntryList({ title, entries, empty }: { title: string; entries: HistoryEntry[]; empty: string }) {
  const openProcess = useNavigation((state) => state.openProcess);
  return (
    <nav aria-label={title} className="history-list">
      <h2 className="sidebar-label">{title}</h2>
      {entries.length === 0 ? (
        <p className="muted small">{empty}</p>
      ) : (
        <ul>
          {entries.map((entry) => (
            <li key={entry.processId}>
              <button
                type="button"
                className="link-button"
                onClick={() => openProcess(entry.processId)}
                title={[entry.externalReference || entry.processId, entry.processTypeName]
                  .filter(Boolean)
                  .join('\n')}
              >
                {entry.externalReference || entry.processId}
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
