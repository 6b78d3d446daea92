import { Eye, EyeOff } from 'lucide-react';
import { ComponentProps, useState } from 'react';
import { IconButton } from '../../../components/ui/IconButton';

/**
 * A password input with a show/hide toggle: the one control of a `Field`, which hands it the id and
 * the ARIA wiring; those and react-hook-form's `register` props go to the input itself.
 */
export function PasswordInput({ label, ...input }: Omit<ComponentProps<'input'>, 'type' | 'className'> & { id: string; label: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input {...input} className="input" type={visible ? 'text' : 'password'} />
      <IconButton
        className="password-toggle"
        label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
        aria-pressed={visible}
        aria-controls={input.id}
        onClick={() => setVisible(!visible)}
      >
        {visible ? <EyeOff size={18} aria-hidden /> : <Eye size={18} aria-hidden />}
      </IconButton>
    </div>
  );
}
