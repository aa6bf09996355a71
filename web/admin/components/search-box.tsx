import { useId } from 'react';
import type { ReactElement } from 'react';

export type SearchBoxProps = { label: string; placeholder: string; value: string; onChange: (value: string) => void };

export function SearchBox({ label, placeholder, value, onChange }: SearchBoxProps): ReactElement {
  const id = useId();
  return (
    <div className="search-box" role="search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
      />
    </div>
  );
}
