/** Dialog styles that keep the title and the actions in view while a form's content scrolls. */
export const SCROLLING_FORM = {
  '& .MuiDialog-paper > form': { display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' },
} as const;
