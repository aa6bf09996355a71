import type { ReactElement } from 'react';
import { promptImageUrl } from '../../../contract/rules/images';
import { ViewModal } from '../components/view-modal';
import { ShopDate } from '../components/shop-date';
import { copyPrompt } from '../state/prompts';
import type { Prompt } from '../../../contract/calls/prompts';
import { COVER_HEIGHT, COVER_WIDTH } from '../../../contract/rules/images';

function PromptText({ label, text, onCopy }: { label: string; text: string | null; onCopy: () => void }): ReactElement {
  return (
    <section className="preview-block">
      <div className="preview-block-head">
        <h3>{label}</h3>
        <button type="button" className="button button-small button-secondary" onClick={onCopy}>
          Copy<span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
      </div>
      {text?.trim() ? <pre className="preview-text">{text}</pre> : <p className="muted">Empty</p>}
    </section>
  );
}

export function PromptPreview({ prompt, onClose }: { prompt: Prompt; onClose: () => void }): ReactElement {
  const image = promptImageUrl(prompt.image_path);
  return (
    <ViewModal title={prompt.title} onClose={onClose}>
      {prompt.description ? <p>{prompt.description}</p> : null}
      <p className="muted">
        Created <ShopDate value={prompt.created_at} />
      </p>
      {image ? (
        <img
          className="preview-image"
          src={image}
          alt={`Image of ${prompt.title}`}
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
        />
      ) : null}
      <PromptText
        label="Template prompt"
        text={prompt.prompt_template}
        onCopy={() => void copyPrompt(prompt, 'template')}
      />
      <PromptText label="Music prompt" text={prompt.prompt_music} onCopy={() => void copyPrompt(prompt, 'music')} />
    </ViewModal>
  );
}
