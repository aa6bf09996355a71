import { createRoot } from 'react-dom/client';
import { AdminApp } from './admin-app';
import './styles/admin.css';

const root = document.getElementById('root');
if (root) createRoot(root).render(<AdminApp />);
