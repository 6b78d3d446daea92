import { ImagePlus, X } from 'lucide-react';
import { ChangeEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { MAX_SUPPORT_ATTACHMENTS, SUPPORT_MESSAGES } from '../../../../../backend/src/customers/contract/support-input';
import type { SupportAttachmentView } from '../../../../../backend/src/customers/contract/support.views';
import { useToast } from '../../../state/toast';
import { acceptedImages, PickedImage } from '../api/private-uploads';
import './image-picker.css';

let pickedSequence = 0;

/**
 * The images picked for a support case or reply, a return or a verification (checkout spec §5's rules for support
 * images, the same limit for a return's photos): images only, others silently dropped; more than five in total are
 * refused with the 'Too Many Files' toast. Previews are the browser's own copies, let go when removed, cleared or unmounted.
 */
export function useImagePicker() {
  const toast = useToast();
  const [images, setImages] = useState<PickedImage[]>([]);
  const current = useRef(images);
  current.current = images;

  useEffect(() => () => current.current.forEach((image) => URL.revokeObjectURL(image.previewUrl)), []);

  const add = useCallback(
    (files: File[]) => {
      const { images: accepted, tooLarge } = acceptedImages(files);
      if (tooLarge.length > 0) toast({ title: 'File too large', description: `${tooLarge.map((file) => file.name).join(', ')}: images can be up to 10MB each.`, variant: 'destructive' });
      if (accepted.length === 0) return;
      if (current.current.length + accepted.length > MAX_SUPPORT_ATTACHMENTS) {
        toast({ title: SUPPORT_MESSAGES.tooManyFilesTitle, description: SUPPORT_MESSAGES.tooManyFiles, variant: 'destructive' });
        return;
      }
      setImages((before) => [...before, ...accepted.map((file) => ({ key: `picked-${(pickedSequence += 1)}`, file, previewUrl: URL.createObjectURL(file) }))]);
    },
    [toast],
  );

  const remove = useCallback((key: string) => {
    setImages((before) => {
      before.filter((image) => image.key === key).forEach((image) => URL.revokeObjectURL(image.previewUrl));
      return before.filter((image) => image.key !== key);
    });
  }, []);

  const clear = useCallback(() => {
    current.current.forEach((image) => URL.revokeObjectURL(image.previewUrl));
    setImages([]);
  }, []);

  return { images, add, remove, clear };
}

/** The file input and the picked images as thumbnails, each with a Remove button. */
export function AttachmentPicker({ picker, disabled = false, label = 'Attachments (optional)' }: { picker: ReturnType<typeof useImagePicker>; disabled?: boolean; label?: string }) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    picker.add(Array.from(event.target.files ?? []));
    // The same file can be picked again after removing it.
    event.target.value = '';
  };
  return (
    <div className="field image-picker">
      <span className="field-label" id={`${inputId}-label`}>
        {label}
      </span>
      <label htmlFor={inputId} className={`image-drop ${disabled ? 'is-disabled' : ''}`}>
        <ImagePlus size={22} aria-hidden />
        <span>
          <span className="image-drop-action">Add images</span>
          <span id={hintId} className="muted small image-drop-hint">
            PNG, JPG, GIF up to 10MB each · at most {MAX_SUPPORT_ATTACHMENTS} ({picker.images.length} added)
          </span>
        </span>
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        aria-labelledby={`${inputId}-label`}
        aria-describedby={hintId}
        disabled={disabled}
        onChange={choose}
      />
      {picker.images.length > 0 && (
        <ul className="image-thumbs" aria-label="Attached images">
          {picker.images.map((image) => (
            <li key={image.key} className="image-thumb">
              <img src={image.previewUrl} alt={image.file.name} width={88} height={88} />
              <button type="button" className="image-thumb-remove" aria-label={`Remove ${image.file.name}`} disabled={disabled} onClick={() => picker.remove(image.key)}>
                <X size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Private images as thumbnails, each opening the larger image: served only to whoever sent them and the shop. */
export function AttachmentThumbnails({ attachments, label }: { attachments: SupportAttachmentView[]; label: string }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="image-thumbs" aria-label={label}>
      {attachments.map((attachment, index) => (
        <li key={attachment.id} className="image-thumb">
          <a href={attachment.imageUrl} target="_blank" rel="noopener noreferrer" aria-label={`Image ${index + 1} of ${attachments.length} (opens in a new tab)`}>
            <img src={attachment.thumbnailUrl} alt="" width={88} height={88} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}
