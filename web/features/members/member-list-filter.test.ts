import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_STATE, type TListState } from '../../app/list-state';
import {
  filtersClearedBySearch,
  initialMemberListState,
  memberFilterOf,
} from './member-list-filter';

const stateOf = (partial: Partial<TListState>): TListState => ({
  ...DEFAULT_LIST_STATE,
  ...partial,
});

describe('the member list filter', () => {
  it('starts on active members, any gift, page 1 of 10 (spec 02 §4)', () => {
    expect(memberFilterOf(stateOf(initialMemberListState(undefined)))).toEqual({
      active: 'true',
      gift: '',
      membertype: null,
      search: '',
      page: 1,
      pageSize: 10,
    });
  });

  it('pre-selects the membership type of #/member/:prefix', () => {
    expect(memberFilterOf(stateOf(initialMemberListState('DA'))).membertype).toBe('DA');
  });

  it('sends only the values the server knows', () => {
    const filter = memberFilterOf(
      stateOf({
        filter: { active: 'false', gift: 'true', membertype: 'GM' },
        search: 'patel',
        page: 3,
        pageSize: 50,
      }),
    );
    expect(filter).toEqual({
      active: 'false',
      gift: 'true',
      membertype: 'GM',
      search: 'patel',
      page: 3,
      pageSize: 50,
    });
    expect(memberFilterOf(stateOf({ filter: { active: 'x', gift: 'maybe' } }))).toMatchObject({
      active: 'true',
      gift: '',
      membertype: null,
    });
  });

  it('clears the type and gift filters when a term is typed, not when it is emptied (spec 02 §5)', () => {
    expect(filtersClearedBySearch('GM00')).toEqual(['membertype', 'gift']);
    expect(filtersClearedBySearch('  ')).toEqual([]);
    expect(filtersClearedBySearch('')).toEqual([]);
  });
});
