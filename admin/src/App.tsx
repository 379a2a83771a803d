import { CssBaseline } from '@mui/material';
import { lazy, Suspense } from 'react';
import { AdminContext, LoadingPage } from 'react-admin';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { Toasts } from './components/Toasts';
import { i18nProvider } from './i18n';
import { LoginPage } from './pages/login/LoginPage';
import { authProvider } from './providers/authProvider';
import { createStore } from './providers/preferences';
import { darkTheme, lightTheme } from './theme';

const LOGIN_PATH = '/login';

/** Starts fetching the product's screens at once, except on the login page. */
const loadScreens = () => import('./AdminScreens');
const screens = window.location.pathname === LOGIN_PATH ? undefined : loadScreens();
const AdminScreens = lazy(async () => ({ default: (await (screens ?? loadScreens())).AdminScreens }));

/** The screens' module once loaded before the first render (see `screensReady`). */
let preloaded: Awaited<ReturnType<typeof loadScreens>> | undefined;

/**
 * Resolves once the screens a first visit needs are loaded (at once on the login page). The entry renders after it:
 * a lazy component that suspends on the first render shows its fallback, and React then holds the revealed screen
 * back for its 300 ms fallback throttle, which delayed every request of the first page by as much.
 */
export const screensReady: Promise<void> = (screens ?? Promise.resolve(undefined)).then(
  (module) => {
    preloaded = module;
  },
  () => undefined,
);

const store = createStore();

/**
 * The shell: react-admin's contexts (auth, translations, preferences, notifications, theme) and the login page.
 * The rest of the product (layout, resources, pages, the data provider) is a separate chunk, fetched when a page
 * other than the login is opened, so the login downloads only what it shows.
 */
export function App() {
  return (
    <BrowserRouter>
      <AdminContext authProvider={authProvider} i18nProvider={i18nProvider} store={store} theme={lightTheme} darkTheme={darkTheme} defaultTheme="light">
        <Screens />
        {/* One toast area for both halves: a notice given just before switching (signed up, signed in, logged
            out) stays on screen. */}
        <Toasts />
      </AdminContext>
    </BrowserRouter>
  );
}

function Screens() {
  const { pathname } = useLocation();
  if (pathname === LOGIN_PATH)
    return (
      <CssBaseline enableColorScheme>
        <LoginPage />
      </CssBaseline>
    );
  if (preloaded) return <preloaded.AdminScreens />;
  return (
    <Suspense
      fallback={
        <CssBaseline enableColorScheme>
          <LoadingPage />
        </CssBaseline>
      }
    >
      <AdminScreens />
    </Suspense>
  );
}
