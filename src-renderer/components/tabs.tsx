import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** One tab: its label and what it shows. */
export interface TabSpec {
  id: string;
  label: string;
  /** A small count shown beside the label. */
  badge?: number;
  render: () => ReactNode;
}

/** Accessible tabs (WAI-ARIA pattern): arrow keys move between tabs, Home/End jump to the ends. */
export function Tabs({
  tabs,
  selected,
  onSelect,
  label,
}: {
  tabs: TabSpec[];
  selected: string;
  onSelect: (id: string) => void;
  label: string;
}) {
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const active = tabs.find((tab) => tab.id === selected) ?? tabs[0];

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((tab) => tab.id === active?.id);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) refs.current.set(tab.id, element);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${base}-${tab.id}-tab`}
            aria-selected={tab.id === active?.id}
            aria-controls={`${base}-${tab.id}-panel`}
            tabIndex={tab.id === active?.id ? 0 : -1}
            className="tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
            {tab.badge !== undefined && <span className="tab-badge">{tab.badge}</span>}
          </button>
        ))}
      </div>
      {active && (
        <div
          role="tabpanel"
          id={`${base}-${active.id}-panel`}
          aria-labelledby={`${base}-${active.id}-tab`}
          className="tab-panel"
        >
          {active.render()}
        </div>
      )}
    </div>
  );
}
