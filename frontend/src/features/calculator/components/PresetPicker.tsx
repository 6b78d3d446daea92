import { useId } from 'react';

export interface PresetOption {
  value: number;
  label: string;
}

/**
 * One calculator step's choices: native radio buttons (arrow keys move between them) and,
 * optionally, a custom number. Choosing a preset clears the custom text; typing clears the preset.
 */
export function PresetPicker({
  groupLabelId,
  name,
  options,
  selected,
  onSelect,
  custom,
}: {
  groupLabelId: string;
  name: string;
  options: PresetOption[];
  selected: number | null;
  onSelect(value: number): void;
  custom?: { label: string; value: string; onChange(text: string): void; step: string; invalid: boolean; placeholder: string };
}) {
  const customId = useId();
  const errorId = useId();
  return (
    <div className="calc-picker">
      <div role="radiogroup" aria-labelledby={groupLabelId} className="calc-options">
        {options.map((option) => (
          <label key={option.value} className="calc-option">
            <input type="radio" name={name} value={option.value} checked={selected === option.value} onChange={() => onSelect(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {custom && (
        <div className="field calc-custom">
          <label htmlFor={customId}>{custom.label}</label>
          <input
            id={customId}
            className="input"
            type="number"
            inputMode="decimal"
            min="0"
            step={custom.step}
            placeholder={custom.placeholder}
            value={custom.value}
            aria-invalid={custom.invalid || undefined}
            aria-describedby={custom.invalid ? errorId : undefined}
            onChange={(event) => custom.onChange(event.target.value)}
          />
          {custom.invalid && (
            <p id={errorId} className="field-error">
              Enter a number greater than 0.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
