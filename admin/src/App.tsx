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

/** Starts fetching the product's screens at once, in parallel with the first render, except on the login page. */
const loadScreens = () => import('./AdminScreens');
const screens = window.location.pathname === LOGIN_PATH ? undefined : loadScreens();
const AdminScreens = lazy(async () => ({ default: (await (screens ?? loadScreens())).AdminScreens }));

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
