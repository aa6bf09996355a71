import { useEffect, useState } from 'react';
import type { ChangeEvent, ReactElement } from 'react';
import { FieldError } from '../components/field-error';
import { COVER_HEIGHT, COVER_WIDTH } from '../../../contract/rules/images';

type PromptImageFieldProps = {
  inputRef: (element: HTMLInputElement | null) => void;
  accept: string;
  /** A file picked in this form, shown before it is sent. */
  picked: File | null;
  /** The prompt's stored image, while it keeps one. */
  storedUrl: string | undefined;
  /** The owner chose to remove the stored image (editing). */
  removed: boolean;
  onPick: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: (remove: boolean) => void;
  error: string | undefined;
};

/** The prompt's image: pick one (previewed), or, editing, remove the stored one (undone with Keep image). */
export function PromptImageField({
  inputRef,
  accept,
  picked,
  storedUrl,
  removed,
  onPick,
  onRemove,
  error,
}: PromptImageFieldProps): ReactElement {
  const [pickedUrl, setPickedUrl] = useState<string | undefined>();

  useEffect(() => {
    if (!picked) return setPickedUrl(undefined);
    const url = URL.createObjectURL(picked);
    setPickedUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [picked]);

  const preview = pickedUrl ?? storedUrl;
  return (
    <div className="field">
      <label className="field-label" htmlFor="prompt-image">
        Image{' '}
        <span className="muted">{`(optional: PNG, JPG, JPEG or WEBP; resized to ${COVER_WIDTH}×${COVER_HEIGHT})`}</span>
      </label>
      <input
        ref={inputRef}
        id="prompt-image"
        name="image"
        type="file"
        accept={accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'prompt-image-error' : undefined}
        onChange={onPick}
      />
      <FieldError id="prompt-image-error" text={error} />
      {preview ? <img className="image-preview" src={preview} alt="Selected image preview" /> : null}
      {storedUrl && !pickedUrl ? (
        <button type="button" className="button button-small button-danger" onClick={() => onRemove(true)}>
          Remove image
        </button>
      ) : null}
      {removed && !pickedUrl ? (
        <p className="field-hint">
          The image is removed when you save.{' '}
          <button type="button" className="button button-small button-secondary" onClick={() => onRemove(false)}>
            Keep image
          </button>
        </p>
      ) : null}
    </div>
  );
}
