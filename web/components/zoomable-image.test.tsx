import '../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, step } from '../../test/render';
import { Lightbox } from './lightbox';
import { ZoomableImage, fittedWidth, panTo } from './zoomable-image';

const SHOT = { webp: '/images/shot.webp', png: '/images/shot.png', width: 1280, height: 800 };

test('fittedWidth: the lightbox fits the image into the screen less its 24 px frame', () => {
  assert.is(fittedWidth(SHOT, { width: 390, height: 844 }), 342);
  assert.is(fittedWidth(SHOT, { width: 1280, height: 860 }), 1232);
  assert.is(fittedWidth(SHOT, { width: 844, height: 390 }), (390 - 48) * 1.6, 'a phone on its side: the height limits');
  assert.is(fittedWidth(SHOT, { width: 2560, height: 1440 }), 1280, 'never above full size');
  const phoneShot = { ...SHOT, width: 720, height: 1560 };
  assert.is(
    fittedWidth(phoneShot, { width: 390, height: 844 }),
    ((844 - 48 - 116) * 720) / 1560,
    'a tall screenshot on a phone: fitted between the close row and the "Perbesar" row',
  );
});

test('panTo puts the tapped point of the image back under the finger', () => {
  const image = { left: 0, top: 22, width: 1280, height: 800 };
  assert.equal(panTo({ imageX: 0.75, imageY: 0.3, screenX: 280, screenY: 400 }, image), { left: 680, top: 0 });
  assert.equal(panTo({ imageX: 0, imageY: 0, screenX: 0, screenY: 0 }, image), { left: 0, top: 22 });
  assert.equal(
    panTo({ imageX: 0.01, imageY: 0, screenX: 300, screenY: 0 }, image),
    { left: 0, top: 22 },
    'never negative',
  );
});

test('ZoomableImage: "Perbesar" asks for the zoom; zoomed, a focusable pane to pan and "Perkecil"', () => {
  const asked: boolean[] = [];
  // happy-dom's window is 1024x768: the fitted image (976 px) is worth zooming.
  const fitted = render(
    <ZoomableImage source={SHOT} alt="Pendapatan" zoomed={false} onZoomedChange={(zoomed) => asked.push(zoomed)} />,
  );
  try {
    const button = [...fitted.container.querySelectorAll('button')].find((item) =>
      item.textContent?.includes('Perbesar'),
    );
    assert.ok(button);
    assert.is(fitted.container.querySelector('[role="group"]'), null);
    assert.is(fitted.container.querySelector<HTMLImageElement>('img')!.style.width, '976px', 'sized before it loads');
    step(() => button!.click());
    assert.equal(asked, [true]);
  } finally {
    fitted.unmount();
  }
  const zoomed = render(
    <ZoomableImage source={SHOT} alt="Pendapatan" zoomed onZoomedChange={(value) => asked.push(value)} />,
  );
  try {
    const pane = zoomed.container.querySelector<HTMLElement>('[role="group"]')!;
    assert.is(pane.tabIndex, 0);
    assert.match(pane.getAttribute('aria-label') ?? '', /geser/);
    assert.is(zoomed.container.querySelector<HTMLImageElement>('img')!.style.width, '1280px');
    step(() => zoomed.container.querySelector('img')!.click());
    const zoomOut = [...zoomed.container.querySelectorAll('button')].find((item) =>
      item.textContent?.includes('Perkecil'),
    );
    step(() => zoomOut!.click());
    assert.equal(asked, [true, false, false]);
  } finally {
    zoomed.unmount();
  }
});

test('Lightbox fills the screen only when asked', () => {
  for (const fill of [false, true]) {
    const view = render(
      <Lightbox label="Gambar" onClose={() => undefined} fill={fill}>
        <p>isi</p>
      </Lightbox>,
    );
    try {
      assert.is(view.container.querySelector('[role="dialog"]')!.classList.contains('is-filled'), fill);
    } finally {
      view.unmount();
    }
  }
});

test.run();
