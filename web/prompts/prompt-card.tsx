import type { MouseEvent, ReactElement } from 'react';
import { ImageIcon } from './image-icon';
import { promptImageUrl } from '../../contract/rules/images';
import type { Prompt, PromptKind } from './prompt';
import { PromptImage } from './prompt-image';
import type { CopyFeedback } from './use-copy-feedback';

type Props = { prompt: Prompt; feedback: CopyFeedback; onOpen: (prompt: Prompt) => void; eagerImage?: boolean };

const LABELS: Record<PromptKind, { copy: string; copied: string }> = {
  template: { copy: 'Salin Template', copied: 'Template Tersalin!' },
  music: { copy: 'Salin Music', copied: 'Music Tersalin!' },
};

/**
 * One prompt in the grid. The whole card opens the modal on click; for the keyboard the title is
 * the button, so no button is nested inside another.
 */
export function PromptCard({ prompt, feedback, onOpen, eagerImage = false }: Props): ReactElement {
  const image = promptImageUrl(prompt.image_path);
  const kinds = (['template', 'music'] as const).filter((kind) =>
    kind === 'template' ? prompt.prompt_template !== '' : prompt.prompt_music !== '',
  );
  const copy = (event: MouseEvent, kind: PromptKind): void => {
    event.stopPropagation();
    void feedback.copy(prompt, kind);
  };
  return (
    <article className="prompts-card" onClick={() => onOpen(prompt)}>
      {image && <PromptImage className="prompts-card__image" src={image} alt="" eager={eagerImage} />}
      <div className="prompts-card__body">
        <div className="prompts-card__badges">
          {kinds.includes('template') && <span className="prompts-badge prompts-badge--template">Template</span>}
          {kinds.includes('music') && <span className="prompts-badge prompts-badge--music">Music</span>}
          {image && <ImageIcon />}
        </div>
        <h2 className="prompts-card__title">
          <button type="button" className="prompts-card__open">
            {prompt.title}
          </button>
        </h2>
        {prompt.description !== '' && <p className="prompts-card__description">{prompt.description}</p>}
        {kinds.length > 0 && (
          <div className="prompts-card__actions">
            {kinds.map((kind) => {
              const copied = feedback.isCopied(prompt.id, kind);
              return (
                <button
                  key={kind}
                  type="button"
                  className="prompts-button"
                  disabled={copied}
                  onClick={(event) => copy(event, kind)}
                >
                  {copied ? LABELS[kind].copied : LABELS[kind].copy}
                </button>
              );
            })}
          </div>
        )}
      </div>
    </article>
  );
}
