import '../../../test/happy-dom';
import { act } from 'react';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TextAreaField, TextField } from './text-field';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function render(element: ReactElement): Promise<{ container: HTMLElement; unmount: () => Promise<void> }> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(element));
  return {
    container,
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

function type(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

test('TextField labels its input, passes its attributes on, shows its hint after it and reports the typed text', async () => {
  const typed: string[] = [];
  const { container, unmount } = await render(
    <TextField
      label="IP server"
      name="ip_server"
      required
      aria-describedby="hint"
      value=""
      onChange={(v) => typed.push(v)}
    >
      <span id="hint">Port 5000 is added automatically.</span>
    </TextField>,
  );
  const label = container.querySelector('label.field')!;
  const input = label.querySelector('input')!;
  assert.is(label.querySelector('.field-label')?.textContent, 'IP server');
  assert.is(input.name, 'ip_server');
  assert.ok(input.required);
  assert.is(input.getAttribute('aria-describedby'), 'hint');
  assert.is(input.nextElementSibling?.id, 'hint');
  await act(async () => type(input, '10.0.0.1'));
  assert.equal(typed, ['10.0.0.1']);
  await unmount();
});

test('TextAreaField marks an optional field and hands its text area to areaRef', async () => {
  let area: HTMLTextAreaElement | null = null;
  const { container, unmount } = await render(
    <TextAreaField
      label="Description"
      optional
      name="description"
      rows={2}
      value="old"
      onChange={() => undefined}
      areaRef={(element) => void (area = element)}
    />,
  );
  assert.is(container.querySelector('.field-label')?.textContent, 'Description (optional)');
  assert.is(container.querySelector('.field-label .muted')?.textContent, '(optional)');
  assert.is(area, container.querySelector('textarea'));
  assert.is(container.querySelector('textarea')?.value, 'old');
  assert.is(container.querySelector('textarea')?.getAttribute('rows'), '2');
  await unmount();
});

test.run();
