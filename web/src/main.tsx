import { installProductSentences } from '@inbox/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

// A form field without a message of its own says what the API would say, never zod's default wording.
installProductSentences();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
