import { useEffect, useRef } from 'react';
import type { ReactElement } from 'react';
import { LICENSE_TEXT } from '../content/account-text';

/**
 * "Lepas perangkat?" as a modal <dialog>: the browser keeps focus inside and Escape cancels; on
 * close, focus returns to the button that opened it (the caller's `onClose`).
 */
export function ReleaseDialog(props: {
  deviceName: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}): ReactElement {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    cancel.current?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="release-dialog"
      aria-labelledby="release-title"
      aria-describedby="release-body"
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
    >
      <h2 id="release-title">{LICENSE_TEXT.confirmTitle}</h2>
      <p className="release-device">
        {LICENSE_TEXT.device}: <strong>{props.deviceName}</strong>
      </p>
      <p id="release-body">{LICENSE_TEXT.confirmBody}</p>
      <div className="release-actions">
        <button type="button" className="btn btn-outline" ref={cancel} onClick={props.onClose} disabled={props.busy}>
          {LICENSE_TEXT.cancel}
        </button>
        <button type="button" className="btn btn-danger" onClick={props.onConfirm} disabled={props.busy}>
          {LICENSE_TEXT.confirmYes}
        </button>
      </div>
    </dialog>
  );
}
