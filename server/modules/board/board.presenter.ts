/** Shapes board rows for the wire (spec 02 §3) and for the public Leadership page. */
import type { TBoardMember, TLeadershipOfficer } from '../../../domain/contracts/board';
import { fullName } from '../../../domain/display';
import { imageUrlOrNull } from '../../../domain/images';
import type { TBoardMemberRow, TMemberRow } from '../../db/schema';

export type TLinkedMember = Pick<
  TMemberRow,
  'id' | 'contactPhone' | 'memberImage' | 'validityFrom' | 'validityTo'
>;

export interface TBoardRowWithMember {
  board: TBoardMemberRow;
  member: TLinkedMember | null;
}

/** The board picture, else the linked member's own, else none (the screens draw a placeholder). */
function photoOf({ board, member }: TBoardRowWithMember): string | null {
  return imageUrlOrNull(board.image ?? member?.memberImage, 'thumb');
}

export function presentBoardMember(row: TBoardRowWithMember): TBoardMember {
  const { board, member } = row;
  const showsMember = member !== null && board.memberBoardType !== 'Temp Admin';
  return {
    id: board.id,
    fName: board.firstName,
    lName: board.lastName,
    email: board.email,
    contactPhone: board.contactPhone,
    memberBoardType: board.memberBoardType,
    memberID: showsMember
      ? {
          MemberId: member.id,
          contactPhone: member.contactPhone,
          memberImage: imageUrlOrNull(member.memberImage, 'thumb'),
          validityFrom: member.validityFrom,
          validityTo: member.validityTo,
        }
      : null,
    linkedMemberId: member?.id ?? null,
    image: photoOf(row),
    hasOwnImage: board.image !== null,
    validityFrom: board.validityFrom,
    validityTo: board.validityTo,
    leadershipRole: board.leadershipRole,
    leadershipOrder: board.leadershipOrder,
  };
}

export function presentOfficer(row: TBoardRowWithMember): TLeadershipOfficer {
  return {
    id: row.board.id,
    name: fullName(row.board.firstName, row.board.lastName),
    role: row.board.leadershipRole,
    photo: photoOf(row),
    phone: row.board.contactPhone,
    email: row.board.email,
  };
}
