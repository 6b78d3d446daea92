import { zodResolver } from '@hookform/resolvers/zod';
import { Children, cloneElement, isValidElement, ReactElement, ReactNode, useId } from 'react';
import { FieldValues, useForm, UseFormProps, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import '../../lib/zod-without-eval';

/**
 * The shop's one form approach: react-hook-form, validated by the same zod schema the server
 * parses (from a `contract/` folder, or one built on its rules), and one `Field` per control.
 * The first invalid field takes the focus on submit; errors are announced with their field.
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    resolver: zodResolver(schema as never) as never,
  });
}

interface FieldProps {
  label: ReactNode;
  /** The message of this field's error, if any. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** A checkbox or radio: the control sits before its label, on one line. */
  inline?: boolean;
  /** Exactly one control (input, select, textarea): it receives the id and the ARIA wiring. */
  children: ReactElement;
}

/** A labelled control whose hint and error are announced with it (aria-describedby, aria-invalid). */
export function Field({ label, error, hint, required, className = '', inline = false, children }: FieldProps) {
  const generated = useId();
  const control = Children.only(children);
  const own = (isValidElement<Record<string, unknown>>(control) ? control.props : {}) as { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: unknown; 'aria-required'?: unknown };
  const id = own.id || generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  // What the control already says is kept: Field only adds its hint, its error and its required mark.
  const describedBy = [own['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  const wired = cloneElement(control as ReactElement<Record<string, unknown>>, {
    id,
    'aria-invalid': error ? true : own['aria-invalid'],
    'aria-describedby': describedBy,
    'aria-required': required ? true : own['aria-required'],
  });
  const labelText = (
    <>
      {label}
      {required && <span aria-hidden className="required-mark"> *</span>}
    </>
  );
  return (
    <div className={`field ${inline ? 'field-inline' : ''} ${className}`}>
      {inline ? (
        <label className="checkbox" htmlFor={id}>
          {wired}
          <span>{labelText}</span>
        </label>
      ) : (
        <>
          <label htmlFor={id}>{labelText}</label>
          {wired}
        </>
      )}
      {hint && (
        <span id={hintId} className="muted small">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** An error for the whole form (e.g. the server's refusal), announced when it appears. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="field-error" role="alert">
      {message}
    </p>
  );
}
