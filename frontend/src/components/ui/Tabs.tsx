import { KeyboardEvent, ReactNode, useId, useRef, useState } from 'react';
import './tabs.css';

export interface TabDefinition<Id extends string> {
  id: Id;
  label: ReactNode;
  panel: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move between tabs (wrapping), Home and End
 * jump to the ends, and only the selected tab is in the Tab order. Every panel stays mounted
 * (hidden when inactive) so form input survives switching tabs, unless `lazy`: then only the
 * selected panel is rendered, and its data is read afresh each time it is chosen.
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  selected: controlled,
  onSelect,
  className = '',
  lazy = false,
}: {
  label: string;
  tabs: TabDefinition<Id>[];
  selected?: Id;
  onSelect?(id: Id): void;
  className?: string;
  lazy?: boolean;
}) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState<Id>(tabs[0].id);
  const selected = controlled ?? uncontrolled;
  const buttons = useRef(new Map<Id, HTMLButtonElement>());

  const select = (id: Id, focus = false) => {
    setUncontrolled(id);
    onSelect?.(id);
    if (focus) buttons.current.get(id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const target =
      event.key === 'ArrowRight' ? (index + 1) % tabs.length
      : event.key === 'ArrowLeft' ? (index - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabs.length - 1
      : null;
    if (target === null) return;
    event.preventDefault();
    select(tabs[target].id, true);
  };

  return (
    <div className={`tabs ${className}`}>
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-controls={`${baseId}-panel-${tab.id}`}
            aria-selected={tab.id === selected}
            tabIndex={tab.id === selected ? 0 : -1}
            className="tab"
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="tab-panel"
        >
          {(!lazy || tab.id === selected) && tab.panel}
        </div>
      ))}
    </div>
  );
}
