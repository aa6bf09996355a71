import type { ReactElement } from 'react';
import { ViewModal } from '../components/view-modal';
import { unknownVariables } from '../state/settings';
import type { TemplateKind } from '../state/settings';

/** The filled-in text, and under it the `{placeholders}` the server left as written (typos, `{nama_admin}`). */
export function PreviewText({
  template,
  text,
  kind,
}: {
  template: string;
  text: string;
  kind: TemplateKind;
}): ReactElement {
  const unknown = unknownVariables(template, kind);
  return (
    <>
      <pre className="preview-text" data-testid="template-preview">
        {text}
      </pre>
      {unknown.length > 0 ? (
        <div className="field-warning" role="status" data-testid="unknown-variables">
          <p>Not filled in (not a known variable), the customer would see them as written:</p>
          <ul className="variable-list">
            {unknown.map((name) => (
              <li key={name}>
                <code>{name}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** The licence file as a customer receives it, filled with sample values by the server. */
export function TemplatePreview({
  title,
  template,
  text,
  kind,
  onClose,
}: {
  title: string;
  template: string;
  text: string;
  kind: TemplateKind;
  onClose: () => void;
}): ReactElement {
  return (
    <ViewModal title={title} onClose={onClose}>
      <PreviewText template={template} text={text} kind={kind} />
    </ViewModal>
  );
}
