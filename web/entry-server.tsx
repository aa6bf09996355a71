import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app';
import type { BuildManifest, PrerenderedPage } from './build-contract';

export const PAGES: PrerenderedPage[] = [
  { path: '/', file: 'index.html' },
  { path: '/404', file: '404.html' },
  { path: '/admin', file: 'admin.html' },
];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderPage(path: string, manifest: BuildManifest): string {
  const isAdmin = path === '/admin';
  const entry = manifest.entries[isAdmin ? 'web/admin/entry.tsx' : 'web/entry-client.tsx'];
  const body = isAdmin ? '' : renderToString(
    <Router ssrPath={path}>
      <App />
    </Router>,
  );
  const title = isAdmin ? 'Admin' : 'LoopBOT & LoopStream';
  const scripts = entry ? `<script type="module" src="${entry.js}"></script>` : '';
  const styles = (entry?.css ?? []).map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>${styles}${scripts}</head><body><div id="root">${body}</div></body></html>`;
}
