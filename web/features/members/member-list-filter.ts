/**
 * The member list's filter as the screen keeps it (the shared list state) and as
 * `POST /api/listMember` takes it (spec 02 §3, §4; DESIGN §3d).
 */
import { MEMBER_FILTER_DEFAULTS, type TMemberFilter } from '../../../domain/contracts/members';
import type { TListState } from '../../app/list-state';

export type TMemberFilterName = 'active' | 'gift' | 'membertype';

/** The list state a screen starts from: active members, page 1, 10 a page, the route's type. */
export function initialMemberListState(prefix: string | undefined): Partial<TListState> {
  return {
    filter: {
      active: MEMBER_FILTER_DEFAULTS.active,
      gift: MEMBER_FILTER_DEFAULTS.gift,
      membertype: prefix ?? '',
    },
    search: '',
    page: 1,
    pageSize: MEMBER_FILTER_DEFAULTS.pageSize,
  };
}

export function memberFilterOf(state: TListState): TMemberFilter {
  const active = state.filter.active === 'false' ? 'false' : 'true';
  const gift =
    state.filter.gift === 'true' || state.filter.gift === 'false' ? state.filter.gift : '';
  return {
    active,
    gift,
    membertype: state.filter.membertype || null,
    search: state.search,
    page: state.page,
    pageSize: state.pageSize,
  };
}

/**
 * Searching clears the type and gift filters (spec 02 §5); an empty term only restores the list.
 * Answers the filters to reset for a new term.
 */
export function filtersClearedBySearch(term: string): TMemberFilterName[] {
  return term.trim() ? ['membertype', 'gift'] : [];
}
