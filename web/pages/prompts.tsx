import type { ReactElement } from 'react';

export default function PromptsPage(): ReactElement {
  return (
    <main>
      <h1>Koleksi Prompt AI</h1>
    </main>
  );
}
