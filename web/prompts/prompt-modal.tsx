import { useEffect, useRef } from 'react';
import type { ReactElement } from 'react';
import { copyText } from './copy-text';
import { promptImageUrl } from '../../contract/rules/images';
import { promptText } from './prompt';
import type { Prompt, PromptKind } from './prompt';
import { PromptImage } from './prompt-image';
import { useFocusTrap } from './use-focus-trap';

type Props = { prompt: Prompt; onClose: () => void };

const SECTIONS: Array<{ kind: PromptKind; heading: string; label: string }> = [
  { kind: 'template', heading: 'Template Prompt', label: 'Template' },
  { kind: 'music', heading: 'Music Prompt', label: 'Music' },
];

/** docs/spec.md#copying-a-prompt: an alert when the text is empty; the copy happens only for a non-empty text. */
async function copyWithAlert(prompt: Prompt, kind: PromptKind, label: string): Promise<void> {
  const text = promptText(prompt, kind);
  if (text.trim() === '') {
    window.alert('No content available for this prompt type');
    return;
  }
  // A refused clipboard write is silently ignored on the public side (docs/spec.md#public-failures).
  if (await copyText(text)) window.alert(`${label} prompt copied to clipboard!`);
}

/** The prompt in full: a modal dialog with a focus trap; Escape, the close button or the backdrop close it. */
export function PromptModal({ prompt, onClose }: Props): ReactElement {
  const dialog = useRef<HTMLDivElement>(null);
  const close = (): void => onClose();
  useFocusTrap(dialog, close);
  useEffect(() => {
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);
  const image = promptImageUrl(prompt.image_path);
  const titleId = `prompts-modal-title-${prompt.id}`;
  return (
    <div className="prompts-modal__backdrop" onMouseDown={(event) => event.target === event.currentTarget && close()}>
      <div
        ref={dialog}
        className="prompts-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="prompts-modal__header">
          <h2 id={titleId} className="prompts-modal__title">
            {prompt.title}
          </h2>
          <button type="button" className="prompts-modal__close" aria-label="Tutup" onClick={close}>
            ×
          </button>
        </div>
        {prompt.description !== '' && <p className="prompts-modal__description">{prompt.description}</p>}
        {image && <PromptImage className="prompts-modal__image" src={image} alt={prompt.title} eager />}
        {SECTIONS.map(({ kind, heading, label }) => {
          const text = promptText(prompt, kind);
          return (
            <section key={kind} className="prompts-modal__section">
              <div className="prompts-modal__section-header">
                <h3>{heading}</h3>
                <button
                  type="button"
                  className="prompts-button"
                  aria-label={`Salin ${label}`}
                  onClick={() => void copyWithAlert(prompt, kind, label)}
                >
                  Salin
                </button>
              </div>
              {text !== '' ? (
                <pre className="prompts-modal__text">{text}</pre>
              ) : (
                <p className="prompts-modal__empty">Tidak ada prompt {label.toLowerCase()} untuk item ini.</p>
              )}
            </section>
          );
        })}
        <div className="prompts-modal__footer">
          <button type="button" className="prompts-button prompts-button--secondary" onClick={close}>
            Tutup
          </button>
        </div>
      </div>
    </div>
  );
}
