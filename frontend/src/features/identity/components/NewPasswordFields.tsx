import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../../components/ui/form';
import { PasswordInput } from './PasswordInput';

/** What a form with a new password typed twice reports when the two differ (the second never leaves the browser). */
export const PASSWORDS_DIFFER = 'The two passwords differ.';

/** "New password" and "New password again", each with its error (password reset, account settings). */
export function NewPasswordFields({
  idPrefix,
  password,
  repeated,
  errors,
}: {
  idPrefix: string;
  password: UseFormRegisterReturn;
  repeated: UseFormRegisterReturn;
  errors: { password?: string; repeated?: string };
}) {
  return (
    <>
      <Field label="New password" error={errors.password}>
        <PasswordInput id={`${idPrefix}-new-password`} label="New password" autoComplete="new-password" required {...password} />
      </Field>
      <Field label="New password again" error={errors.repeated}>
        <PasswordInput id={`${idPrefix}-repeated-password`} label="New password again" autoComplete="new-password" required {...repeated} />
      </Field>
    </>
  );
}
