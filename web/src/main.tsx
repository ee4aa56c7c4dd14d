import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App';
import { addressReady } from './app/router';
import { initLang } from './i18n';
import './app/theme.css';
import './index.css';

// The first render waits on the active language's messages (a chunk per language); should they fail to
// load, the app still starts and shows message keys rather than a blank page. On a full load of a signed-in address
// it also waits, up to a second, for antd's root, the shell, the page and the page's first call (router.tsx
// preloadAddress), so they render in one pass with the data rather than one after another behind spinners and
// skeletons; past that second the spinner shows while they arrive.
const modulesIn = Promise.race([addressReady, new Promise<void>((resolve) => setTimeout(resolve, 1000))]);
void Promise.all([initLang().catch((e: unknown) => console.error(e)), modulesIn])
  .finally(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
