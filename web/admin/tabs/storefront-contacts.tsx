import type { ReactElement } from 'react';
import { FieldError } from '../components/field-error';
import { useSnapshot } from 'valtio';
import type { Storefront } from '../../../contract/calls/storefront';
import { CONTACT_LABELS, VIDEO_LABELS } from '../state/storefront-labels';
import { store } from '../state/store';
import { clearFieldError, contactPath, videoPath } from '../state/storefront-errors';
import { useStorefrontFieldError } from './storefront-field-error';
import { StorefrontSection } from './storefront-section';

type ContactField = keyof Storefront['contacts'];
type VideoField = keyof Storefront['videos'];

export const contactFieldId = (field: ContactField): string => `storefront-contact-${field}`;
export const videoFieldId = (field: VideoField): string => `storefront-video-${field}`;

const CONTACT_HINTS: Record<ContactField, string> = {
  support_email: 'Shown in the footer, the help centre and the legal pages.',
  whatsapp_number: 'Country code first, digits only, as wa.me wants it: 6281234567890.',
  whatsapp_greeting: 'Pre-filled in the chat when a visitor taps a WhatsApp button.',
  facebook_url: 'Leave empty to hide the Facebook link.',
  telegram_url: 'Leave empty to hide the Telegram link.',
};

type FieldProps = {
  id: string;
  path: string;
  label: string;
  hint: string;
  value: string;
  type: string;
  onChange: (value: string) => void;
};

function Field({ id, path, label, hint, value, type, onChange }: FieldProps): ReactElement {
  const error = useStorefrontFieldError<HTMLInputElement>(path);
  const change = (text: string): void => {
    clearFieldError(path);
    onChange(text);
  };
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={error.ref}
        id={id}
        type={type}
        value={value}
        aria-describedby={error.text ? `${id}-hint ${id}-error` : `${id}-hint`}
        {...error.props}
        onChange={(event) => change(event.target.value)}
      />
      <FieldError id={`${id}-error`} text={error.text} />
      <span id={`${id}-hint`} className="field-hint">
        {hint}
      </span>
    </div>
  );
}

const CONTACT_TYPES: Record<ContactField, string> = {
  support_email: 'email',
  whatsapp_number: 'tel',
  whatsapp_greeting: 'text',
  facebook_url: 'url',
  telegram_url: 'url',
};

/** Contacts and the YouTube videos of the public pages. */
export function StorefrontContacts(): ReactElement | null {
  const { draft } = useSnapshot(store.storefront);
  const target = store.storefront.draft;
  if (!draft || !target) return null;
  return (
    <div className="storefront-columns">
      <StorefrontSection name="contacts" title="Contacts">
        <div className="form">
          {(Object.keys(CONTACT_LABELS) as ContactField[]).map((field) => (
            <Field
              key={field}
              id={contactFieldId(field)}
              path={contactPath(field)}
              label={CONTACT_LABELS[field]}
              hint={CONTACT_HINTS[field]}
              type={CONTACT_TYPES[field]}
              value={draft.contacts[field]}
              onChange={(value) => (target.contacts[field] = value)}
            />
          ))}
        </div>
      </StorefrontSection>
      <StorefrontSection name="videos" title="Videos">
        <div className="form">
          {(Object.keys(VIDEO_LABELS) as VideoField[]).map((field) => (
            <Field
              key={field}
              id={videoFieldId(field)}
              path={videoPath(field)}
              label={VIDEO_LABELS[field]}
              hint="A YouTube link or its video id."
              type="text"
              value={draft.videos[field]}
              onChange={(value) => (target.videos[field] = value)}
            />
          ))}
        </div>
      </StorefrontSection>
    </div>
  );
}
