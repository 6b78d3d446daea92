import { ShieldCheck } from 'lucide-react';
import { ChangeEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { VERIFICATION_MESSAGES, verificationFieldsSchema } from '../../../../../backend/src/customers/contract/verification-input';
import { MAX_UPLOAD_BYTES } from '../../../../../backend/src/media/contract/upload-rules';
import { messageOf } from '../../../api/client';
import { Button } from '../../../components/ui/Button';
import { Field, useZodForm } from '../../../components/ui/form';
import { LoadError } from '../../../components/ui/LoadError';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { MyVerificationView, useMyVerification, useSubmitVerification } from '../api/verification-queries';
import { VerificationStatusBadge } from '../components/VerificationStatusBadge';
import { VerificationFacts } from '../components/VerificationFacts';
import '../components/verification.css';

/** The form's fields: the server's schema, with the document picked as a file and uploaded on submit (so it may stand in for the e-mail). */
const fieldsSchema = verificationFieldsSchema.omit({ documentUploadId: true });

function Submitted({ verification }: { verification: NonNullable<MyVerificationView['verification']> }) {
  return (
    <div className="stack">
      <div className="row between wrap gap">
        <h2>Your verification</h2>
        <VerificationStatusBadge status={verification.status} />
      </div>
      {verification.status === 'submitted' && <p className="notice" role="status">Our staff review it. Your paid orders ship once it is approved; we e-mail you either way.</p>}
      {verification.status === 'approved' && <p className="notice notice-success" role="status">Your institution is verified: your orders ship as soon as they are paid.</p>}
      {verification.status === 'rejected' && (
        <p className="notice notice-danger" role="alert">
          Not approved: {verification.reason}. Please submit a new verification below.
        </p>
      )}
      <VerificationFacts verification={verification} />
      {verification.document && (
        <a href={verification.document.imageUrl} target="_blank" rel="noopener noreferrer">
          <img className="verification-document" src={verification.document.thumbnailUrl} alt="The document you sent" width={160} height={120} />
        </a>
      )}
    </div>
  );
}

function SubmitForm() {
  const submit = useSubmitVerification();
  const form = useZodForm(fieldsSchema, { defaultValues: { institution: '', position: '', institutionEmail: '' } });
  const [document, setDocument] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  const fileId = useId();
  const { errors } = form.formState;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (file && (!file.type.startsWith('image/') || file.size > MAX_UPLOAD_BYTES)) {
      setProofError('The document must be an image (PNG, JPG or GIF) of up to 10MB.');
      return;
    }
    setProofError(null);
    setDocument(file);
  };
  const send = form.handleSubmit((fields) => {
    if (!fields.institutionEmail && !document) {
      setProofError(VERIFICATION_MESSAGES.proofRequired);
      return;
    }
    setProofError(null);
    submit.mutate({ fields, document });
  });

  return (
    <form className="auth-form stack" noValidate onSubmit={send} aria-label="Submit your institution verification">
      <Field label="Institution" required error={errors.institution?.message}>
        <input className="input" autoComplete="organization" placeholder="University, hospital, company or laboratory" {...form.register('institution')} />
      </Field>
      <Field label="Position" required error={errors.position?.message}>
        <input className="input" autoComplete="organization-title" placeholder="e.g. PhD candidate, lab manager" {...form.register('position')} />
      </Field>
      <p className="muted small">Then one of these, or both:</p>
      <Field label="Institutional e-mail address" error={errors.institutionEmail?.message} hint="An address at your institution's own domain.">
        <input className="input" type="email" autoComplete="off" {...form.register('institutionEmail')} />
      </Field>
      <div className="field">
        <label htmlFor={fileId}>Photo of a document</label>
        <p className="muted small">A staff card, an enrolment letter or a letter on your institution's letterhead that shows your name.</p>
        <div className="verification-file">
          <input id={fileId} type="file" accept="image/*" onChange={choose} />
          {document && (
            <>
              <span className="small verification-file-name">{document.name}</span>
              <Button type="button" variant="ghost" size="sm" onClick={() => setDocument(null)}>
                Remove
              </Button>
            </>
          )}
        </div>
      </div>
      {proofError && (
        <p className="notice notice-danger" role="alert">
          {proofError}
        </p>
      )}
      {submit.isError && (
        <p className="notice notice-danger" role="alert">
          {messageOf(submit.error, 'Your verification could not be sent. Please try again.')}
        </p>
      )}
      <p className="muted small">Only you and our staff can see what you send here.</p>
      <Button type="submit" variant="primary" block disabled={submit.isPending}>
        {submit.isPending ? 'Sending…' : 'Submit verification'}
      </Button>
    </form>
  );
}

/** `/dashboard/verification`: the customer's institution verification: what they sent and where it stands, or the form to send it. */
export default function VerificationPage() {
  usePageTitle('Institution verification');
  const mine = useMyVerification();
  const verification = mine.data?.verification ?? null;
  return (
    <section className="auth-page account-page verification-page">
      <div className="card auth-card stack">
        <h1>
          <ShieldCheck size={24} aria-hidden /> Institution verification
        </h1>
        {mine.isError ? (
          <LoadError message={messageOf(mine.error, 'Failed to load your verification.')} onRetry={() => mine.refetch()} />
        ) : !mine.data ? (
          <div className="stack" role="status" aria-busy="true" aria-label="Loading your verification">
            <span className="skeleton skeleton-line" />
            <span className="skeleton skeleton-line short" />
          </div>
        ) : (
          <>
            <p className="muted">
              {mine.data.required
                ? 'We sell research compounds to researchers only: we ship an order once we have verified where its buyer works. You submit this once.'
                : 'This shop does not ask for verification before shipping; you may still tell us where you work.'}{' '}
              <Link to="/dashboard">Back to your dashboard</Link>
            </p>
            {verification && <Submitted verification={verification} />}
            {(verification === null || verification.status === 'rejected') && <SubmitForm />}
          </>
        )}
      </div>
    </section>
  );
}
