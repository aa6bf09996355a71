import { useState } from 'react';
import { promptImageUrl } from '../../../contract/rules/images';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { PanelHead } from '../components/panel-head';
import { Pager } from '../components/pager';
import { RowActions } from '../components/row-actions';
import { SearchBox } from '../components/search-box';
import { ShopDate } from '../components/shop-date';
import { copyPrompt, deletePrompt, goToPromptPage, searchPrompts } from '../state/prompts';
import { store } from '../state/store';
import type { Prompt } from '../../../contract/calls/prompts';
import { PromptForm } from './prompt-form';
import { PromptPreview } from './prompt-preview';
import { COVER_HEIGHT, COVER_WIDTH } from '../../../contract/rules/images';

type Dialog = { kind: 'form'; prompt: Prompt | null } | { kind: 'preview'; prompt: Prompt } | null;

function PromptCard({
  prompt,
  onEdit,
  onPreview,
}: {
  prompt: Prompt;
  onEdit: () => void;
  onPreview: () => void;
}): ReactElement {
  const image = promptImageUrl(prompt.image_path);
  return (
    <article className="prompt-card" data-prompt-id={prompt.id}>
      <div className="prompt-thumb">
        {image ? (
          <img src={image} alt="" loading="lazy" width={COVER_WIDTH} height={COVER_HEIGHT} />
        ) : (
          <span className="muted">No image</span>
        )}
      </div>
      <div className="prompt-content">
        <div className="badges">
          {prompt.prompt_template?.trim() ? <span className="badge badge-template">Template</span> : null}
          {prompt.prompt_music?.trim() ? <span className="badge badge-music">Music</span> : null}
        </div>
        <h3 className="prompt-title">{prompt.title}</h3>
        {prompt.description ? <p className="prompt-description">{prompt.description}</p> : null}
        <p className="prompt-date muted">
          <ShopDate value={prompt.created_at} />
        </p>
      </div>
      <RowActions
        className="actions prompt-actions"
        subject={prompt.title}
        actions={[
          { label: 'Preview', onClick: onPreview },
          { label: 'Copy', onClick: () => copyPrompt(prompt) },
          { label: 'Edit', onClick: onEdit },
          { label: 'Delete', onClick: () => deletePrompt(prompt), tone: 'danger' },
        ]}
      />
    </article>
  );
}

export function PromptsTab(): ReactElement {
  const { prompts } = useSnapshot(store);
  const [dialog, setDialog] = useState<Dialog>(null);
  return (
    <>
      <PanelHead title="Prompts">
        <SearchBox
          label="Search prompts"
          placeholder="Search prompts…"
          value={prompts.search}
          onChange={searchPrompts}
        />
        <button
          type="button"
          className="button button-primary"
          onClick={() => setDialog({ kind: 'form', prompt: null })}
        >
          Add Prompt
        </button>
      </PanelHead>
      <div className="prompt-grid" aria-busy={prompts.loading}>
        {prompts.rows.map((row) => {
          const prompt = row;
          return (
            <PromptCard
              key={prompt.id}
              prompt={prompt}
              onEdit={() => setDialog({ kind: 'form', prompt })}
              onPreview={() => setDialog({ kind: 'preview', prompt })}
            />
          );
        })}
      </div>
      {prompts.rows.length === 0 && !prompts.loading ? (
        <p className="empty">{prompts.search.trim() ? 'No prompts match this search.' : 'No prompts yet.'}</p>
      ) : null}
      <Pager page={prompts.page} pages={prompts.pages} label="Prompt pages" onPage={goToPromptPage} />
      {dialog?.kind === 'form' ? <PromptForm prompt={dialog.prompt} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'preview' ? <PromptPreview prompt={dialog.prompt} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
