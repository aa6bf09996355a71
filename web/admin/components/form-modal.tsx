import { useId, useState } from 'react';
import type { FormEvent, ReactElement, ReactNode } from 'react';
import { Modal } from './modal';

type FormModalProps = {
  title: string;
  /** The submit button's text, and its text while the form is being sent. */
  submitLabel: string;
  busyLabel: string;
  onClose: () => void;
  /** Sends the form; resolves true when it was saved (the modal then closes). */
  onSubmit: () => Promise<boolean>;
  /** Set by a form that tracks its own sending (an upload's progress). */
  busy?: boolean;
  /** The browser's own field checks are left off when the form shows its own errors. */
  noValidate?: boolean;
  wide?: boolean;
  children: ReactNode;
};

/** Every admin form: a modal with the form, Cancel, and a submit button that shows while it is sending. */
export function FormModal({
  title,
  submitLabel,
  busyLabel,
  onClose,
  onSubmit,
  busy: sending,
  noValidate,
  wide,
  children,
}: FormModalProps): ReactElement {
  const formId = useId();
  const [submitting, setSubmitting] = useState(false);
  const busy = submitting || sending === true;

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy) return;
    setSubmitting(true);
    const saved = await onSubmit().finally(() => setSubmitting(false));
    if (saved) onClose();
  }

  return (
    <Modal
      title={title}
      wide={wide}
      onClose={() => {
        if (!busy) onClose();
      }}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} className="form" noValidate={noValidate} onSubmit={(event) => void submit(event)}>
        {children}
      </form>
    </Modal>
  );
}
