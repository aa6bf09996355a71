import { useState } from 'react';
import type { ReactElement } from 'react';
import { FormModal } from '../components/form-modal';
import { TextAreaField, TextField } from '../components/text-field';
import {
  appTypeOfKey,
  isTemplateKey,
  previewTemplate,
  saveSetting,
  templateKindOfKey,
  templateVariables,
} from '../state/settings';
import type { Setting } from '../../../contract/calls/settings';
import { PreviewText } from './template-preview';

const KEY_PATTERN = '[a-z][a-z0-9_]*';

/** Add when `setting` is null, else edit: the key is fixed once created. */
export function SettingForm({ setting, onClose }: { setting: Setting | null; onClose: () => void }): ReactElement {
  const [key, setKey] = useState(setting?.config_key ?? '');
  const [value, setValue] = useState(setting?.config_value ?? '');
  const [description, setDescription] = useState(setting?.description ?? '');
  const [preview, setPreview] = useState<{ template: string; text: string } | undefined>();
  const template = isTemplateKey(key);

  function onSubmit(): Promise<boolean> {
    return saveSetting({
      id: setting?.id,
      config_key: key.trim(),
      config_value: value,
      description: description.trim(),
    });
  }

  async function onPreview(): Promise<void> {
    const text = await previewTemplate(value, appTypeOfKey(key), templateKindOfKey(key));
    if (text !== undefined) setPreview({ template: value, text });
  }

  return (
    <FormModal
      title={setting ? 'Edit Config' : 'Add Config'}
      submitLabel="Save"
      busyLabel="Saving…"
      wide
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <TextField
        label="Key"
        name="config_key"
        required
        disabled={setting !== null}
        pattern={KEY_PATTERN}
        autoComplete="off"
        aria-describedby="config-key-hint"
        value={key}
        onChange={setKey}
      >
        <span id="config-key-hint" className="field-hint">
          snake_case, e.g. loopbot_download_url; cannot be changed after creation.
        </span>
      </TextField>
      <TextAreaField
        label="Value"
        name="config_value"
        required
        rows={template ? 10 : 3}
        value={value}
        onChange={setValue}
      />
      <TextField
        label="Description"
        optional
        name="description"
        autoComplete="off"
        value={description}
        onChange={setDescription}
      />
      {template ? (
        <div className="template-tools">
          <p className="field-hint">
            Variables:{' '}
            {templateVariables(templateKindOfKey(key))
              .map((name) => `{${name}}`)
              .join(', ')}{' '}
            · app: {appTypeOfKey(key)}
          </p>
          <button type="button" className="button button-secondary button-small" onClick={() => void onPreview()}>
            Preview template
          </button>
          {preview !== undefined ? (
            <PreviewText template={preview.template} text={preview.text} kind={templateKindOfKey(key)} />
          ) : null}
        </div>
      ) : null}
    </FormModal>
  );
}
