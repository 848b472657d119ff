import { describe, expect, it } from 'vitest';

import { isReachable, type NavPage, searchNav } from './nav-model';

const pages: NavPage[] = [
  {
    id: 1,
    title: 'About you',
    number: 1,
    status: 'completed',
    questions: [{ id: 11, title: 'Your education', options: ['Primary', 'Universidad'] }],
  },
  { id: 2, title: '', number: 2, status: 'current', questions: [{ id: 21, title: 'Favourite colour', options: [] }] },
  {
    id: 3,
    title: 'Work',
    number: 3,
    status: 'future',
    questions: [{ id: 31, title: 'Education at work', options: [] }],
  },
];

describe('searchNav', () => {
  it('finds page titles, question titles and option labels, ignoring case and accents, in page order', () => {
    expect(searchNav(pages, 'EDUCATION')).toEqual([
      { pageId: 1, questionId: 11, label: 'Your education', reachable: true },
      { pageId: 3, questionId: 31, label: 'Education at work', reachable: false },
    ]);
    expect(searchNav(pages, 'universidád')).toEqual([
      { pageId: 1, questionId: 11, label: 'Your education: Universidad', reachable: true },
    ]);
    expect(searchNav(pages, 'about')).toEqual([{ pageId: 1, questionId: null, label: 'About you', reachable: true }]);
  });

  it('finds nothing for an empty query, and stops at the limit', () => {
    expect(searchNav(pages, '  ')).toEqual([]);
    expect(searchNav(pages, 'o', 2)).toHaveLength(2);
  });

  it('a page is reachable when current or passed and open', () => {
    expect(
      ['current', 'completed', 'locked', 'future'].map((status) => isReachable(status as NavPage['status'])),
    ).toEqual([true, true, false, false]);
  });
});
