import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LanguageIcon from '@mui/icons-material/Translate';
import { Button, Menu, MenuItem } from '@mui/material';
import { type MouseEvent, useState } from 'react';
import { useLocales, useLocaleState, useTranslate } from 'react-admin';

/**
 * The language menu. react-admin's LocalesMenuButton sets `aria-label=""`, so on phones (where only the globe shows)
 * the button had no accessible name: this one is always named, in the current language.
 */
export function LanguageMenu() {
  const translate = useTranslate();
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = languages.find((language) => language.locale === locale)?.name ?? '';

  return (
    <>
      <Button
        color="inherit"
        variant="text"
        aria-haspopup="true"
        aria-controls={anchor ? 'language-menu' : undefined}
        aria-label={translate('languageMenu.label', { language: current })}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {current}
      </Button>
      <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {languages.map((language) => (
          <MenuItem
            key={language.locale}
            lang={language.locale}
            selected={language.locale === locale}
            onClick={() => {
              setLocale(language.locale);
              setAnchor(null);
            }}
          >
            {language.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
