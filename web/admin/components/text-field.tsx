/**
 * The admin forms' usual field: a label around its caption and a controlled input or text area, then
 * what is given as children (a hint, an error). Every other attribute goes to the input as written.
 */
import type { InputHTMLAttributes, ReactElement, ReactNode, Ref, TextareaHTMLAttributes } from 'react';

type FieldProps = {
  label: ReactNode;
  /** Adds a muted "(optional)" after the caption. */
  optional?: boolean;
  value: string;
  onChange: (value: string) => void;
  children?: ReactNode;
};

type Native<Attributes> = Omit<Attributes, 'value' | 'onChange' | 'children'>;

function Caption({ label, optional }: Pick<FieldProps, 'label' | 'optional'>): ReactElement {
  return (
    <span className="field-label">
      {label}
      {optional ? (
        <>
          {' '}
          <span className="muted">(optional)</span>
        </>
      ) : null}
    </span>
  );
}

export function TextField({
  label,
  optional,
  value,
  onChange,
  children,
  ...input
}: FieldProps & Native<InputHTMLAttributes<HTMLInputElement>>): ReactElement {
  return (
    <label className="field">
      <Caption label={label} optional={optional} />
      <input {...input} value={value} onChange={(event) => onChange(event.target.value)} />
      {children}
    </label>
  );
}

export function TextAreaField({
  label,
  optional,
  value,
  onChange,
  children,
  areaRef,
  ...area
}: FieldProps & { areaRef?: Ref<HTMLTextAreaElement> } & Native<
    TextareaHTMLAttributes<HTMLTextAreaElement>
  >): ReactElement {
  return (
    <label className="field">
      <Caption label={label} optional={optional} />
      <textarea {...area} ref={areaRef} value={value} onChange={(event) => onChange(event.target.value)} />
      {children}
    </label>
  );
}
