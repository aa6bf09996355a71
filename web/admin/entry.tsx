import { createRoot } from 'react-dom/client';
import { AdminApp } from './admin-app';
import './styles/admin.css';

// The shared page shell says lang="id" (the public site); the dashboard itself is in English.
document.documentElement.lang = 'en';

const root = document.getElementById('root');
if (root) createRoot(root).render(<AdminApp />);
