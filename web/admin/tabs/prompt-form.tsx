import { useEffect, useState } from 'react';
import { promptImageUrl } from '../../../contract/image-url';
import type { ChangeEvent, ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { FormModal } from '../components/form-modal';
import { IMAGE_ACCEPT, isAcceptedImage, promptFormErrors, savePrompt } from '../state/prompts';
import { store } from '../state/store';
import type { Prompt } from '../../../contract/prompts';

/** Create mode when `prompt` is null, edit mode otherwise (SPEC §4). */
export function PromptForm({ prompt, onClose }: { prompt: Prompt | null; onClose: () => void }): ReactElement {
  const { upload } = useSnapshot(store);
  const [title, setTitle] = useState(prompt?.title ?? '');
  const [description, setDescription] = useState(prompt?.description ?? '');
  const [template, setTemplate] = useState(prompt?.prompt_template ?? '');
  const [music, setMusic] = useState(prompt?.prompt_music ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | undefined>(promptImageUrl(prompt?.image_path));
  const [errors, setErrors] = useState<string[]>([]);
  const busy = upload.progress !== null;

  useEffect(() => {
    if (!image) return;
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  function onPickImage(event: ChangeEvent<HTMLInputElement>): void {
    const file = event.target.files?.[0] ?? null;
    if (file && !isAcceptedImage(file)) {
      event.target.value = '';
      setImage(null);
      setErrors(['The image must be a PNG, JPG, JPEG or WEBP file.']);
      return;
    }
    setErrors([]);
    setImage(file);
  }

  async function onSubmit(): Promise<boolean> {
    const input = { title, description, prompt_template: template, prompt_music: music, image };
    const found = promptFormErrors(input);
    setErrors(found);
    if (found.length > 0) return false;
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
        <label className="field">
          <span className="field-label">Title</span>
          <input name="title" required autoComplete="off" value={title} onChange={(event) => setTitle(event.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">
            Description <span className="muted">(optional)</span>
          </span>
          <textarea name="description" rows={2} value={description} onChange={(event) => setDescription(event.target.value)} />
        </label>
        <p className="notice" id="prompt-content-rule">
          At least one of the template prompt or the music prompt is required.
        </p>
        <label className="field">
          <span className="field-label">Template prompt</span>
          <textarea name="prompt_template" rows={5} aria-describedby="prompt-content-rule" value={template} onChange={(event) => setTemplate(event.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">Music prompt</span>
          <textarea name="prompt_music" rows={4} aria-describedby="prompt-content-rule" value={music} onChange={(event) => setMusic(event.target.value)} />
        </label>
        <div className="field">
          <label className="field-label" htmlFor="prompt-image">
            Image <span className="muted">(optional: PNG, JPG, JPEG or WEBP; resized to 1280×720)</span>
          </label>
          <input id="prompt-image" name="image" type="file" accept={IMAGE_ACCEPT} onChange={onPickImage} />
          {preview ? <img className="image-preview" src={preview} alt="Selected image preview" /> : null}
        </div>
        {upload.progress !== null ? (
          <div className="upload-progress">
            <label htmlFor="prompt-upload-progress">{progress < 100 ? `Uploading… ${progress}%` : 'Processing image…'}</label>
            <progress id="prompt-upload-progress" max={100} value={progress}>
              {progress}%
            </progress>
          </div>
        ) : null}
        {errors.length > 0 ? (
          <div className="form-errors" role="alert">
            {errors.map((error) => (
              <p key={error}>{error}</p>
            ))}
          </div>
        ) : null}
    </FormModal>
  );
}
