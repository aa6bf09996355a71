import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { useSnapshot } from 'valtio';
import { store } from '../state/store';

type Invalid<E> = { ref: RefObject<E>; text: string | undefined; props: { 'aria-invalid'?: true } };

/** The refused save's error when it is this field's: the field is marked, scrolled to and focused. */
export function useStorefrontFieldError<E extends HTMLElement>(path: string): Invalid<E> {
  const { fieldError } = useSnapshot(store.storefront);
  const ref = useRef<E>(null);
  const text = fieldError?.path === path ? fieldError.text : undefined;
  useEffect(() => {
    if (!text) return;
    ref.current?.scrollIntoView({ block: 'center' });
    ref.current?.focus();
  }, [fieldError]);
  return { ref, text, props: text ? { 'aria-invalid': true } : {} };
}
