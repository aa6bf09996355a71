import type { ReactElement } from 'react';
import { Island } from '../islands/island';
import '../prompts/prompts.css';
import '../prompts/prompts-pagination.css';
import '../prompts/prompts-modal.css';
import { PromptsView } from '../prompts/prompts-view';

/** The view (web/prompts/prompts-view.tsx) is the page's island; it lives apart from these stylesheets. */
export default function PromptsPage(): ReactElement {
  return (
    <main id="main" className="prompts-page">
      <Island name="prompts" of={PromptsView} props={{}} />
    </main>
  );
}
