import type { ReactElement } from 'react';
import { Modal } from '../components/modal';

/** The licence file as a customer receives it, filled with sample values by the server. */
export function TemplatePreview({ title, text, onClose }: { title: string; text: string; onClose: () => void }): ReactElement {
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
      <pre className="preview-text" data-testid="template-preview">
        {text}
      </pre>
    </Modal>
  );
}
