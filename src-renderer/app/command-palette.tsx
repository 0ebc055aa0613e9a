import { useMemo, useState } from 'react';
import { Dialog } from '../components/dialog';
import { useRemote } from '../lib/cache';
import { useNavigation, type Screen } from '../lib/navigation';
import { useTheme } from '../lib/theme';

interface Command {
  id: string;
  label: string;
  hint: string;
  run: () => void;
}

/** Ctrl/Cmd+K: finds screens, recent processes and actions by typing. */
export function CommandPalette({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const go = useNavigation((state) => state.go);
  const openProcess = useNavigation((state) => state.openProcess);
  const profileId = useNavigation((state) => state.profileId);
  const [history] = useRemote('history.list', profileId ? { profileId } : null);
  const setTheme = useTheme((state) => state.set);

  const commands = useMemo(() => {
    const screens: [Screen['name'], string][] = [
      ['start', 'Start process'],
      ['inbox', 'Inbox'],
      ['batches', 'Batches'],
      ['audit', 'Audit'],
      ['requests', 'Request log'],
      ['profiles', 'Profiles'],
      ['settings', 'Settings'],
    ];
    const list: Command[] = screens.map(([name, label]) => ({
      id: `screen-${name}`,
      label,
      hint: 'Screen',
      run: () => go({ name } as Screen),
    }));
    list.push({ id: 'theme-dark', label: 'Use dark theme', hint: 'Action', run: () => setTheme('dark') });
    list.push({ id: 'theme-light', label: 'Use light theme', hint: 'Action', run: () => setTheme('light') });
    list.push({
      id: 'theme-system',
      label: 'Follow the system theme',
      hint: 'Action',
      run: () => setTheme('system'),
    });
    const value = history.status === 'ready' ? history.value : undefined;
    for (const entry of [...(value?.pinned ?? []), ...(value?.recent ?? [])]) {
      const label = entry.externalReference || entry.processId;
      if (!list.some((command) => command.id === `process-${entry.processId}`)) {
        list.push({
          id: `process-${entry.processId}`,
          label: `Open ${label}`,
          hint: entry.processTypeName ?? 'Process',
          run: () => openProcess(entry.processId),
        });
      }
    }
    const q = query.trim().toLowerCase();
    if (!q) return list;
    // Matching commands first; opening what was typed as a process comes last.
    const matching = list.filter((command) => command.label.toLowerCase().includes(q));
    const lookup = {
      id: 'lookup',
      label: `Open process “${query.trim()}”`,
      hint: 'Lookup',
      run: () => openProcess(query.trim()),
    };
    return [...matching, lookup];
  }, [query, history, go, openProcess, setTheme]);

  function run(command: Command | undefined) {
    if (!command) return;
    onClose();
    command.run();
  }

  return (
    <Dialog title="Commands" onClose={onClose}>
      <input
        data-autofocus
        className="palette-input"
        aria-label="Search commands"
        role="combobox"
        aria-expanded="true"
        aria-controls="palette-list"
        aria-activedescendant={commands[active] ? `palette-${commands[active].id}` : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((index) => Math.min(index + 1, commands.length - 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((index) => Math.max(index - 1, 0));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            run(commands[active]);
          }
        }}
      />
      <ul id="palette-list" role="listbox" aria-label="Commands" className="palette-list">
        {commands.map((command, index) => (
          <li
            key={command.id}
            id={`palette-${command.id}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'palette-item active' : 'palette-item'}
            onMouseEnter={() => setActive(index)}
            onClick={() => run(command)}
          >
            <span>{command.label}</span>
            <span className="muted small">{command.hint}</span>
          </li>
        ))}
        {commands.length === 0 && <li className="muted">Nothing matches.</li>}
      </ul>
    </Dialog>
  );
}
