import type { ReactElement } from 'react';

/** A field's error right under it, announced when it appears; `id` is what the field's aria-describedby names. */
export function FieldError({ id, text }: { id: string; text: string | undefined }): ReactElement | null {
  if (!text) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {text}
    </p>
  );
}
