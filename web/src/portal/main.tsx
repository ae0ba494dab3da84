import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { embed } from './embed';
import { joinHost } from './host-session';
import { PortalApp } from './portal-app';
import { followTheme } from './theme';
import '@/index.css';

followTheme();

// In the website widget the visitor's session is the host page's: the first screen waits the moment it takes
// to arrive, since it decides between the form and the chat.
(embed ? joinHost() : Promise.resolve()).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <PortalApp />
    </StrictMode>,
  ),
);
