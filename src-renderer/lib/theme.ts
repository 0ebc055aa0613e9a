import { create } from 'zustand';

/** The user's theme choice; "system" follows prefers-color-scheme. */
export type ThemeChoice = 'system' | 'light' | 'dark';

interface ThemeState {
  choice: ThemeChoice;
  set(choice: ThemeChoice): void;
}

function apply(choice: ThemeChoice) {
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
}

function stored(): ThemeChoice {
  try {
    const value = localStorage.getItem('process-console-theme');
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Light and dark themes; the choice is a display preference, kept in the page's storage. */
export const useTheme = create<ThemeState>()((set) => {
  const initial = stored();
  apply(initial);
  return {
    choice: initial,
    set(choice) {
      apply(choice);
      try {
        localStorage.setItem('process-console-theme', choice);
      } catch {
        // Storage may be unavailable; the choice then lasts for this session.
      }
      set({ choice });
    },
  };
});
