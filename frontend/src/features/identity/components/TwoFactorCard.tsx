import { useMutation } from '@tanstack/react-query';
import { Copy, Download, ShieldCheck } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  RECOVERY_CODE_COUNT,
  TwoFactorCodeInput,
  twoFactorCodeInputSchema,
  TwoFactorEnabledView,
  TwoFactorSetupView,
} from '../../../../../backend/src/identity/contract/two-factor';
import { apiRequest, messageOf } from '../../../api/client';
import { Button } from '../../../components/ui/Button';
import { Field, useZodForm } from '../../../components/ui/form';
import { useToast } from '../../../state/toast';
import { useRefreshTwoFactorStatus, useTwoFactorStatus } from '../api/two-factor-queries';

/** The QR code an authenticator app scans: the otpauth URL, drawn by the same library as the payment QR codes. */
function AuthenticatorQr({ url }: { url: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    setImage(null);
    QRCode.toDataURL(url, { width: 200, margin: 2 }).then(
      (drawn) => active && setImage(drawn),
      () => active && setImage(null),
    );
    return () => {
      active = false;
    };
  }, [url]);
  return image ? (
    <img className="two-factor-qr" src={image} width={200} height={200} alt="QR code for your authenticator app" data-payload={url} data-testid="two-factor-qr" />
  ) : (
    <span className="skeleton two-factor-qr" aria-label="Preparing QR code" role="img" />
  );
}

/** A six-digit code (or a recovery code) and its button, for turning two-factor sign-in on or off. */
function CodeForm({ label, submitLabel, busyLabel, variant, onCode, busy, error }: {
  label: string;
  submitLabel: string;
  busyLabel: string;
  variant: 'primary' | 'danger';
  onCode(code: string): void;
  busy: boolean;
  error: unknown;
}) {
  const form = useZodForm(twoFactorCodeInputSchema, { defaultValues: { code: '' } });
  const { errors } = form.formState;
  return (
    <form className="auth-form stack" onSubmit={form.handleSubmit(({ code }: TwoFactorCodeInput) => onCode(code))} noValidate aria-label={label}>
      <Field label={label} error={errors.code?.message} hint="The 6-digit code your authenticator app shows now.">
        <input className="input two-factor-code" type="text" inputMode="numeric" autoComplete="one-time-code" required {...form.register('code')} />
      </Field>
      <div role="status">{error !== null && <p className="notice notice-danger">{messageOf(error, 'That did not work. Please try again.')}</p>}</div>
      <Button type="submit" variant={variant} block disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}

/** The recovery codes, shown once: to copy or download before leaving the page. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const toast = useToast();
  const text = `Recovery codes for two-factor sign-in (each works once):\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied to Clipboard', description: 'Recovery codes copied.', variant: 'success' });
    } catch {
      toast({ title: 'Copy failed', description: 'Select the codes and copy them yourself.', variant: 'destructive' });
    }
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="stack">
      <p className="notice notice-success" role="status">
        Two-factor sign-in is on. Keep these {codes.length} recovery codes somewhere safe: each signs you in once if you lose your authenticator. They are shown only now.
      </p>
      <ol className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="row wrap gap">
        <Button variant="outline" size="sm" onClick={copy}>
          <Copy size={16} aria-hidden /> Copy codes
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Download size={16} aria-hidden /> Download codes
        </Button>
      </div>
      <Button variant="primary" onClick={onDone}>
        I have saved my recovery codes
      </Button>
    </div>
  );
}

/**
 * Two-factor sign-in for staff (issue 23): set up with an authenticator app (a QR code, or the secret typed), turn on
 * with its first code (ten recovery codes are shown once), and turn off with a current code.
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus(true);
  const refreshStatus = useRefreshTwoFactorStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // The back office sends staff who must enrol to `/dashboard/account#two-factor`: this card, in view.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#two-factor') document.getElementById('two-factor')?.scrollIntoView({ block: 'start' });
  }, [hash]);
  const setup = useMutation({ mutationFn: () => apiRequest<TwoFactorSetupView>('POST', '/api/auth/2fa/setup') });
  const enable = useMutation({
    mutationFn: (code: string) => apiRequest<TwoFactorEnabledView>('POST', '/api/auth/2fa/enable', { code }),
    onSuccess: async ({ recoveryCodes: codes }) => {
      setRecoveryCodes(codes);
      setup.reset();
      await refreshStatus();
    },
  });
  const disable = useMutation({
    mutationFn: (code: string) => apiRequest<{ message: string }>('POST', '/api/auth/2fa/disable', { code }),
    onSuccess: () => refreshStatus(),
  });

  let body;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (status.isPending) body = <p className="muted small">Loading…</p>;
  else if (status.isError) body = <p className="notice notice-danger">{messageOf(status.error, 'Could not load your two-factor sign-in.')}</p>;
  else if (status.data.enabled) {
    body = (
      <>
        <p className="notice notice-success">
          On: signing in asks for a code from your authenticator app. {status.data.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
        </p>
        <CodeForm label="Code to turn it off" submitLabel="Turn off two-factor sign-in" busyLabel="Turning off…" variant="danger" onCode={(code) => disable.mutate(code)} busy={disable.isPending} error={disable.error} />
      </>
    );
  } else if (setup.data) {
    body = (
      <>
        <ol className="two-factor-steps stack">
          <li>Scan this QR code with an authenticator app (for example Google Authenticator, 1Password or Aegis).</li>
          <li>
            <AuthenticatorQr url={setup.data.otpauthUrl} />
            <p className="muted small">
              Cannot scan it? Enter this key in the app: <code className="two-factor-secret">{setup.data.secret}</code>
            </p>
          </li>
          <li>Enter the code the app shows to turn two-factor sign-in on.</li>
        </ol>
        <CodeForm label="Code from the app" submitLabel="Turn on two-factor sign-in" busyLabel="Checking…" variant="primary" onCode={(code) => enable.mutate(code)} busy={enable.isPending} error={enable.error} />
      </>
    );
  } else {
    body = (
      <>
        {status.data.requiredForStaff && (
          <p className="notice notice-danger" role="alert">
            This shop requires two-factor sign-in for staff: set it up to use the back office.
          </p>
        )}
        <p className="muted small">Signing in will ask for a code from an app on your phone as well as your password.</p>
        {setup.isError && <p className="notice notice-danger">{messageOf(setup.error, 'The setup could not start. Please try again.')}</p>}
        <Button variant="primary" onClick={() => setup.mutate()} disabled={setup.isPending}>
          {setup.isPending ? 'Starting…' : 'Set up two-factor sign-in'}
        </Button>
      </>
    );
  }

  return (
    <section className="stack" id="two-factor" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">
        <ShieldCheck size={20} aria-hidden /> Two-factor sign-in
      </h2>
      {disable.isSuccess && !status.data?.enabled && <p className="notice notice-success" role="status">{disable.data.message}</p>}
      {body}
    </section>
  );
}
