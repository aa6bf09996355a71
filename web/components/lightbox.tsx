import { useEffect, useRef } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { Icon } from './icon';

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

type Props = {
  label: string;
  onClose: () => void;
  /** The dialog covers the whole screen (a zoomed image pans inside it) and the close button stays in its corner. */
  fill?: boolean;
  children: ReactNode;
};

/**
 * Modal overlay: closes on the close button, a click on the backdrop or Escape; keeps Tab inside
 * and gives focus back to whatever opened it.
 */
export function Lightbox({ label, onClose, fill = false, children }: Props): ReactElement {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !dialogRef.current) return;
      const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      } else if (!dialogRef.current.contains(document.activeElement)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [onClose]);
  return (
    <div
      className="lightbox"
      data-testid="lightbox-backdrop"
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        className={fill ? 'lightbox-dialog is-filled' : 'lightbox-dialog'}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        ref={dialogRef}
      >
        <button type="button" className="lightbox-close" onClick={onClose} ref={closeRef} aria-label="Tutup">
          <Icon name="close" />
        </button>
        {children}
      </div>
    </div>
  );
}
