import type { ChangeEvent, ReactElement, RefObject } from 'react';

/**
 * A page's search box: the label is for screen readers only (the placeholder shows the eye what
 * to type), and the browser's own autofill stays out of the way of the results.
 */
export function SearchField(props: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  inputRef: RefObject<HTMLInputElement>;
  /** The id of the element that tells how many results the search found. */
  describedBy?: string;
}): ReactElement {
  return (
    <>
      <label htmlFor={props.id} className="visually-hidden">
        {props.label}
      </label>
      <input
        id={props.id}
        ref={props.inputRef}
        type="search"
        placeholder={props.placeholder}
        value={props.value}
        onChange={props.onChange}
        autoComplete="off"
        aria-describedby={props.describedBy}
      />
    </>
  );
}
