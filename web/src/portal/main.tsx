import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalApp } from './portal-app';
import { followTheme } from './theme';
import '@/index.css';

followTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PortalApp />
  </StrictMode>,
);
