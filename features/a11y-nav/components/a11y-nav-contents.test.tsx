// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithIntl } from '@/test/render-with-intl';
import type { NavPage } from '../nav-model';
import { A11yNavContents } from './a11y-nav-contents';

const pages: NavPage[] = [
  { id: 1, number: 1, title: 'About you', status: 'completed', questions: [] },
  { id: 2, number: 2, title: '', status: 'current', questions: [] },
];

describe('the navigation panel’s progress', () => {
  it('says how much is answered only when the survey shows its progress (spec §5)', () => {
    const { unmount } = renderWithIntl(
      <A11yNavContents titleId="nav" describe={() => ({ pages, percent: 40 })} go={() => {}} close={() => {}} />,
    );
    expect(screen.getByText('Page 2 of 2, 40% answered')).toBeTruthy();
    unmount();

    renderWithIntl(
      <A11yNavContents titleId="nav" describe={() => ({ pages, percent: null })} go={() => {}} close={() => {}} />,
    );
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.queryByText(/answered/)).toBeNull();
  });
});
