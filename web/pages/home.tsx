import type { ReactElement } from 'react';

export default function HomePage(): ReactElement {
  return (
    <main>
      <h1>LoopBOT &amp; LoopStream</h1>
    </main>
  );
}
