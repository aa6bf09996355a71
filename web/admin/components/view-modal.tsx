import type { ReactElement, ReactNode } from 'react';
import { Modal } from './modal';

/** A wide modal to read something in, closed by its Close button (or ×, Escape). */
export function ViewModal({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}): ReactElement {
  return (
    <Modal
      title={title}
      onClose={onClose}
      wide
      footer={
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      {children}
    </Modal>
  );
}
