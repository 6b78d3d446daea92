import { CheckCircle2, ImageUp } from 'lucide-react';
import { ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { formatBytes, imageFileProblem } from './product-form';
import { UploadStep, uploadFailureText, useUploadProductImage } from '../api/admin-product-queries';
import { Button } from '../../../components/ui/Button';

/** Checkout spec §9: the upload panel closes 2 s after a successful upload. */
export const CLOSE_AFTER_UPLOAD_MS = 2000;

const STEP_TEXT: Record<UploadStep, string> = {
  preparing: 'Preparing the upload...',
  uploading: 'Uploading',
  saving: 'Saving the image...',
};
const STEP_NUMBER: Record<UploadStep, number> = { preparing: 1, uploading: 2, saving: 3 };

/**
 * The product image upload (checkout spec §5, §7, §9): one image file of at most 10 MB, checked
 * before anything is sent; nothing starts on its own: the admin picks a file, sees its preview,
 * name and size, then presses Upload. The uploaded image's path goes to the form's Image URL field.
 * Lives inside the product dialog's form, so every button here is type="button".
 */
export function ImageUpload({ onUploaded }: { onUploaded(path: string): void }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [step, setStep] = useState<UploadStep | null>(null);
  const [uploaded, setUploaded] = useState(false);
  const upload = useUploadProductImage(setStep);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const headingId = useId();
  const fileId = useId();
  const hintId = useId();
  const problemId = useId();

  // The preview is a blob: URL of the chosen file, let go when another is chosen or the panel goes.
  useEffect(() => {
    if (!file || problem) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file, problem]);

  const reset = () => {
    if (fileInput.current) fileInput.current.value = '';
    setFile(null);
    setProblem(null);
    setStep(null);
    setUploaded(false);
    upload.reset();
  };

  const close = () => {
    const focusWasInside = panel.current?.contains(document.activeElement) ?? false;
    reset();
    setOpen(false);
    if (focusWasInside) toggle.current?.focus();
  };

  useEffect(() => {
    if (!uploaded) return;
    const timer = window.setTimeout(close, CLOSE_AFTER_UPLOAD_MS);
    return () => window.clearTimeout(timer);
    // close reads only refs and state setters, so the timer need not restart when it is re-created.
  }, [uploaded]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    upload.reset();
    setUploaded(false);
    setStep(null);
    setFile(chosen);
    setProblem(chosen ? imageFileProblem(chosen) : null);
  };

  const start = () => {
    if (!file || problem || upload.isPending) return;
    upload.mutate(file, {
      onSuccess: (path) => {
        onUploaded(path);
        setUploaded(true);
      },
    });
  };

  const busy = upload.isPending;
  const status = uploaded ? 'Image uploaded' : busy && step ? (step === 'uploading' && file ? `Uploading ${file.name}...` : STEP_TEXT[step]) : '';

  return (
    <div className="product-upload">
      <Button
        ref={toggle}
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={busy}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <ImageUp size={16} aria-hidden /> {open ? 'Close image upload' : 'Upload image'}
      </Button>
      <div ref={panel} id={panelId} role="group" aria-labelledby={headingId} className="product-upload-panel" hidden={!open}>
        <h3 id={headingId} className="product-upload-title">
          Upload an image
        </h3>
        <div className="field">
          <label htmlFor={fileId}>Image file</label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept="image/*"
            className="product-upload-input"
            aria-describedby={[hintId, problem ? problemId : ''].filter(Boolean).join(' ')}
            aria-invalid={problem ? true : undefined}
            disabled={busy}
            onChange={choose}
          />
          <span id={hintId} className="muted small">
            One image (PNG, JPEG, WebP, GIF or AVIF), up to 10 MB. It is sent only when you press Upload.
          </span>
          {problem && (
            <span id={problemId} className="field-error" role="alert">
              {problem}
            </span>
          )}
        </div>
        {file && !problem && (
          <div className="product-upload-chosen">
            {preview && <img src={preview} alt={`Preview of ${file.name}`} className="product-upload-preview" />}
            <div className="product-upload-file">
              <span className="admin-strong product-upload-name">{file.name}</span>
              <span className="muted small">{formatBytes(file.size)}</span>
            </div>
          </div>
        )}
        {busy && <progress className="product-upload-progress" max={3} value={step ? STEP_NUMBER[step] : 0} aria-label="Upload progress" />}
        <p role="status" className={`small product-upload-status ${uploaded ? 'product-upload-done' : ''}`}>
          {uploaded && <CheckCircle2 size={16} aria-hidden />}
          {status}
        </p>
        {upload.isError && (
          <p className="field-error" role="alert">
            {uploadFailureText(upload.error)}
          </p>
        )}
        <div>
          <Button variant="primary" size="sm" disabled={!file || problem !== null || uploaded} aria-disabled={busy || undefined} onClick={start}>
            {uploaded ? 'Uploaded' : busy ? 'Uploading...' : 'Upload'}
          </Button>
        </div>
      </div>
    </div>
  );
}
