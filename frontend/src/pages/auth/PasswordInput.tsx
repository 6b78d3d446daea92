import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';

export function PasswordInput({ id, label, value, onChange, autoComplete, hint }: { id: string; label: string; value: string; onChange(value: string): void; autoComplete: 'current-password' | 'new-password'; hint?: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          id={id}
          className="input"
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          aria-required="true"
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <button type="button" className="icon-button password-toggle" aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`} aria-pressed={visible} aria-controls={id} onClick={() => setVisible(!visible)}>
          {visible ? <EyeOff size={18} aria-hidden /> : <Eye size={18} aria-hidden />}
        </button>
      </div>
      {hint && <p id={`${id}-hint`} className="muted small">{hint}</p>}
    </div>
  );
}
