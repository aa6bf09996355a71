import '../../../test/happy-dom';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Modal } from './modal';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function press(target: Element, key: string, shiftKey = false): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true }));
}

async function mount(onClose: () => void): Promise<{ container: HTMLElement; unmount: () => Promise<void> }> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <Modal title="Create License" onClose={onClose} footer={<button type="button">Save</button>}>
        <input aria-label="E-mail" />
      </Modal>,
    );
  });
  return {
    container,
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

test('Modal is a labelled dialog that focuses its first field', async () => {
  const { container, unmount } = await mount(() => undefined);
  const dialog = container.querySelector('[role="dialog"]')!;
  assert.is(dialog.getAttribute('aria-modal'), 'true');
  const title = document.getElementById(dialog.getAttribute('aria-labelledby')!);
  assert.is(title?.textContent, 'Create License');
  assert.is(document.activeElement, container.querySelector('input'));
  await unmount();
});

test('Modal: Escape closes, Tab wraps from last to first and back', async () => {
  let closed = 0;
  const { container, unmount } = await mount(() => closed++);
  const dialog = container.querySelector('[role="dialog"]')!;
  const buttons = [...container.querySelectorAll('button')];
  const first = buttons[0]!; // the close button in the header
  const last = buttons[buttons.length - 1]!;
  last.focus();
  await act(async () => press(last, 'Tab'));
  assert.is(document.activeElement, first);
  await act(async () => press(first, 'Tab', true));
  assert.is(document.activeElement, last);
  await act(async () => press(dialog, 'Escape'));
  assert.is(closed, 1);
  await unmount();
});

test('Modal gives focus back to the element that opened it', async () => {
  const opener = document.createElement('button');
  document.body.append(opener);
  opener.focus();
  const { unmount } = await mount(() => undefined);
  assert.is.not(document.activeElement, opener);
  await unmount();
  assert.is(document.activeElement, opener);
  opener.remove();
});

test.run();
