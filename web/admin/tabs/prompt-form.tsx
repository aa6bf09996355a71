import { useEffect, useRef, useState } from 'react';
import { promptImageUrl } from '../../../contract/rules/images';
import type { ChangeEvent, ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { FieldError } from '../components/field-error';
import { FormModal } from '../components/form-modal';
import { TextAreaField } from '../components/text-field';
import { IMAGE_ACCEPT, IMAGE_TYPE_ERROR, isAcceptedImage, promptFieldErrors, savePrompt } from '../state/prompts';
import type { PromptField } from '../state/prompts';
import { store } from '../state/store';
import type { Prompt } from '../../../contract/calls/prompts';
import { PromptImageField } from './prompt-image-field';

type Errors = Partial<Record<PromptField, string>>;
const FIELD_ORDER: readonly PromptField[] = ['title', 'content', 'image'];

const CONTENT_AREAS = {
  template: { label: 'Template prompt', name: 'prompt_template', rows: 5 },
  music: { label: 'Music prompt', name: 'prompt_music', rows: 4 },
} as const;

type ContentAreaProps = {
  kind: keyof typeof CONTENT_AREAS;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  areaRef?: (element: HTMLTextAreaElement | null) => void;
};

/** The template or the music prompt: one of them is required, the shared rule and error describe both. */
function ContentArea({ kind, error, ...area }: ContentAreaProps): ReactElement {
  return (
    <TextAreaField
      {...CONTENT_AREAS[kind]}
      {...area}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'prompt-content-rule prompt-content-error' : 'prompt-content-rule'}
    />
  );
}

/** Create mode when `prompt` is null, edit mode otherwise. */
export function PromptForm({ prompt, onClose }: { prompt: Prompt | null; onClose: () => void }): ReactElement {
  const { upload } = useSnapshot(store);
  const [title, setTitle] = useState(prompt?.title ?? '');
  const [description, setDescription] = useState(prompt?.description ?? '');
  const [template, setTemplate] = useState(prompt?.prompt_template ?? '');
  const [music, setMusic] = useState(prompt?.prompt_music ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [checks, setChecks] = useState(0);
  const fields = useRef<Partial<Record<PromptField, HTMLElement | null>>>({});
  const busy = upload.progress !== null;

  // After a refused submit: the first field in error gets the focus (which also scrolls it into view).
  useEffect(() => {
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (checks > 0 && first) fields.current[first]?.focus();
  }, [checks]);

  function onPickImage(event: ChangeEvent<HTMLInputElement>): void {
    const file = event.target.files?.[0] ?? null;
    const wrong = file !== null && !isAcceptedImage(file);
    if (wrong) event.target.value = '';
    setErrors({ ...errors, image: wrong ? IMAGE_TYPE_ERROR : undefined });
    setImage(wrong ? null : file);
    if (file && !wrong) setRemoveImage(false);
  }

  async function onSubmit(): Promise<boolean> {
    const input = { title, description, prompt_template: template, prompt_music: music, image, removeImage };
    const found = promptFieldErrors(input);
    setErrors(found);
    setChecks((count) => count + 1);
    if (Object.keys(found).length > 0) return false;
    return savePrompt(input, prompt);
  }

  const progress = Math.round((upload.progress ?? 0) * 100);
  return (
    <FormModal
      title={prompt ? 'Edit Prompt' : 'Add Prompt'}
      submitLabel={prompt ? 'Save Changes' : 'Create Prompt'}
      busyLabel="Saving…"
      busy={busy}
      noValidate
      wide
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <div className="field">
        <label className="field-label" htmlFor="prompt-title">
          Title
        </label>
        <input
          ref={(element) => void (fields.current.title = element)}
          id="prompt-title"
          name="title"
          required
          autoComplete="off"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? 'prompt-title-error' : undefined}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <FieldError id="prompt-title-error" text={errors.title} />
      </div>
      <TextAreaField
        label="Description"
        optional
        name="description"
        rows={2}
        value={description}
        onChange={setDescription}
      />
      <p className="notice" id="prompt-content-rule">
        At least one of the template prompt or the music prompt is required.
      </p>
      <FieldError id="prompt-content-error" text={errors.content} />
      <ContentArea
        kind="template"
        value={template}
        onChange={setTemplate}
        error={errors.content}
        areaRef={(element) => void (fields.current.content = element)}
      />
      <ContentArea kind="music" value={music} onChange={setMusic} error={errors.content} />
      <PromptImageField
        inputRef={(element) => void (fields.current.image = element)}
        accept={IMAGE_ACCEPT}
        picked={image}
        storedUrl={removeImage ? undefined : promptImageUrl(prompt?.image_path)}
        removed={removeImage}
        onPick={onPickImage}
        onRemove={setRemoveImage}
        error={errors.image}
      />
      {upload.progress !== null ? (
        <div className="upload-progress">
          <label htmlFor="prompt-upload-progress">
            {progress < 100 ? `Uploading… ${progress}%` : 'Processing image…'}
          </label>
          <progress id="prompt-upload-progress" max={100} value={progress}>
            {progress}%
          </progress>
        </div>
      ) : null}
    </FormModal>
  );
}
