import { createRoot } from 'react-dom/client';
import { AdminApp } from './admin-app';
// Shared stylesheets in cascade order: a later file wins at equal specificity. They come after the
// tabs' own (orders.css, storefront.css, imported by their tabs through admin-app), as they always have.
import './styles/base.css';
import './styles/forms.css';
import './styles/login.css';
import './styles/stats.css';
import './styles/banner.css';
import './styles/backups.css';
import './styles/tab-bar.css';
import './styles/list-tools.css';
import './styles/tables.css';
import './styles/badges.css';
import './styles/prompts.css';
import './styles/settings.css';
import './styles/modal.css';

const root = document.getElementById('root');
if (root) createRoot(root).render(<AdminApp />);
