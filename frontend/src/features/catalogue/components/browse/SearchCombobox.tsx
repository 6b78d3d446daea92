import { Clock, FolderOpen, Package, TrendingUp } from 'lucide-react';
import { KeyboardEvent, useId, useState } from 'react';
import { SearchField } from './CatalogueControls';
import type { Suggestion } from './suggestions';

function SuggestionContent({ suggestion }: { suggestion: Suggestion }) {
  switch (suggestion.kind) {
    case 'recent':
      return (
        <>
          <Clock size={16} aria-hidden /> <span className="suggestion-label">{suggestion.label}</span>
          <span className="suggestion-kind">Recent</span>
        </>
      );
    case 'trending':
      return (
        <>
          <TrendingUp size={16} aria-hidden /> <span className="suggestion-label">{suggestion.label}</span>
          <span className="suggestion-kind">Trending ({suggestion.count})</span>
        </>
      );
    case 'product':
      return (
        <>
          <Package size={16} aria-hidden /> <span className="suggestion-label">{suggestion.label}</span>
          <span className="suggestion-kind">{suggestion.detail}</span>
        </>
      );
    case 'category':
      return (
        <>
          <FolderOpen size={16} aria-hidden /> <span className="suggestion-label">{suggestion.label}</span>
          <span className="suggestion-kind">Category</span>
        </>
      );
  }
}

/**
 * The search box with its suggestion list (WAI-ARIA combobox): arrows move through the suggestions,
 * Enter picks the highlighted one or searches for the text, Escape closes the list.
 */
export function SearchCombobox({
  text,
  onTextChange,
  suggestions,
  onPick,
  onSubmit,
  onClear,
}: {
  text: string;
  onTextChange(text: string): void;
  suggestions: Suggestion[];
  onPick(suggestion: Suggestion): void;
  onSubmit(text: string): void;
  onClear(): void;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const activeIndex = suggestions.findIndex((suggestion) => suggestion.key === activeKey);
  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActiveKey(null);
  };
  const pick = (suggestion: Suggestion) => {
    close();
    onPick(suggestion);
  };
  const move = (step: 1 | -1) => {
    if (!expanded) {
      setOpen(true);
      return;
    }
    const next = activeIndex === -1 ? (step === 1 ? 0 : suggestions.length - 1) : (activeIndex + step + suggestions.length) % suggestions.length;
    setActiveKey(suggestions[next].key);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    } else if (event.key === 'Enter' && expanded && activeIndex !== -1) {
      event.preventDefault();
      pick(suggestions[activeIndex]);
    }
  };

  return (
    <form
      role="search"
      className="search-combobox"
      onSubmit={(event) => {
        event.preventDefault();
        close();
        onSubmit(text);
      }}
    >
      <SearchField
        label="Search products"
        placeholder="Search peptides, SARMs, blends..."
        value={text}
        onValueChange={(value) => {
          onTextChange(value);
          setOpen(true);
          setActiveKey(null);
        }}
        onClear={() => {
          close();
          onClear();
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && activeIndex !== -1 ? optionId(activeIndex) : undefined}
      />
      {expanded && (
        <ul id={listId} role="listbox" aria-label="Search suggestions" className="suggestion-list">
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={`suggestion suggestion-${suggestion.kind}`}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActiveKey(suggestion.key)}
              onClick={() => pick(suggestion)}
            >
              <SuggestionContent suggestion={suggestion} />
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
