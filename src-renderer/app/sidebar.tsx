import { HistoryLists } from '../features/lookup/history-lists';
import { LookupBox } from '../features/lookup/lookup-box';
import { ProfileSwitcher } from '../features/profiles/profile-switcher';
import { useNavigation, type Screen } from '../lib/navigation';

const sections: { name: Screen['name']; label: string }[] = [
  { name: 'start', label: 'Start process' },
  { name: 'inbox', label: 'Inbox' },
  { name: 'batches', label: 'Batches' },
  { name: 'audit', label: 'Audit' },
  { name: 'requests', label: 'Request log' },
  { name: 'profiles', label: 'Profiles' },
  { name: 'settings', label: 'Settings' },
];

/** Profile switcher, lookup, pinned and recent processes, then the console's screens. */
export function Sidebar() {
  const screen = useNavigation((state) => state.screen);
  const go = useNavigation((state) => state.go);
  return (
    <aside className="sidebar">
      <div className="brand">Process Console</div>
      <ProfileSwitcher />
      <LookupBox />
      <HistoryLists />
      <nav aria-label="Screens" className="screen-nav">
        <ul>
          {sections.map((section) => (
            <li key={section.name}>
              <button
                type="button"
                className={screen.name === section.name ? 'nav-button active' : 'nav-button'}
                aria-current={screen.name === section.name ? 'page' : undefined}
                onClick={() => go({ name: section.name } as Screen)}
              >
                {section.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <p className="muted small shortcut-hint">
        <kbd>Ctrl</kbd>+<kbd>K</kbd> commands · <kbd>/</kbd> lookup
      </p>
    </aside>
  );
}
