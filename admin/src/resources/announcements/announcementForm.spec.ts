import { describe, expect, it } from '@jest/globals';
import { isAcceptedImageName, NEW_ANNOUNCEMENT, toPayload } from './announcementForm';

describe('the announcement form', () => {
  it('starts low priority and active', () => {
    expect(NEW_ANNOUNCEMENT).toMatchObject({ priority: 3, status: true });
  });

  it('sends trimmed texts and a numeric priority', () => {
    expect(toPayload({ priority: '1' as unknown as 1, title: ' Aviso ', text: ' Texto ', status: true })).toEqual({
      priority: 1,
      title: 'Aviso',
      text: 'Texto',
      status: true,
    });
  });

  it('accepts png, jpg and jpeg names only', () => {
    expect(['a.png', 'b.JPG', 'c.jpeg'].map(isAcceptedImageName)).toEqual([true, true, true]);
    expect(['a.gif', 'png', 'b.pdf', 'c.png.exe'].map(isAcceptedImageName)).toEqual([false, false, false, false]);
  });
});
