import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App';
import { initLang } from './i18n';
import './app/theme.css';
import './index.css';

// The first render waits on the active language's messages (a chunk per language); should they fail to
// load, the app still starts and shows message keys rather than a blank page.
void initLang()
  .catch((e: unknown) => console.error(e))
  .finally(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
