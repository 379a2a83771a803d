import { alpha, type Theme } from '@mui/material/styles';
import type { RaThemeOptions } from 'react-admin';

type Mode = 'light' | 'dark';

const PALETTES = {
  light: {
    mode: 'light',
    primary: { main: '#00796b', light: '#48a999', dark: '#004c40', contrastText: '#ffffff' },
    secondary: { main: '#1faa59', contrastText: '#ffffff' },
    background: { default: '#f3f6f7', paper: '#ffffff' },
  },
  dark: {
    mode: 'dark',
    primary: { main: '#4db6ac', light: '#82e9de', dark: '#00867d', contrastText: '#00201c' },
    secondary: { main: '#34d399', contrastText: '#00210f' },
    background: { default: '#0f1416', paper: '#172024' },
  },
} as const;

/** A help-desk theme: teal primary, compact outlined inputs, rounded surfaces. */
function createTheme(mode: Mode): RaThemeOptions {
  return {
    palette: PALETTES[mode],
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 500 },
    },
    sidebar: { width: 248, closedWidth: 56 },
    components: {
      MuiTextField: { defaultProps: { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true } },
      MuiFormControl: { defaultProps: { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      MuiListItemIcon: { styleOverrides: { root: { minWidth: 40 } } },
      MuiDialog: { styleOverrides: { paper: { borderRadius: 12 } } },
      // On phones a list's add button floats (react-admin's FAB): its toolbar row must not leave an empty band.
      RaTopToolbar: {
        styleOverrides: {
          root: ({ theme }: { theme: Theme }) => ({ [theme.breakpoints.down('sm')]: { minHeight: 0 } }),
        },
      },
      RaMenuItemLink: {
        styleOverrides: {
          root: ({ theme }: { theme: Theme }) => ({
            borderRadius: 8,
            margin: '1px 4px',
            paddingLeft: 12,
            '&.RaMenuItemLink-active': {
              backgroundColor: alpha(theme.palette.primary.main, 0.12),
              color: theme.palette.primary.main,
              fontWeight: 500,
              '& .RaMenuItemLink-icon': { color: theme.palette.primary.main },
            },
          }),
        },
      },
    },
  };
}

export const lightTheme = createTheme('light');
export const darkTheme = createTheme('dark');
