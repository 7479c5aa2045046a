import type { ParseKeys } from 'i18next';
import type { TBoardType } from '../../../domain/constants';

/** The stored board types (spelling kept, spec 02 §3) and their translation keys. */
export const BOARD_TYPE_KEYS: Record<TBoardType, ParseKeys> = {
  'Excecutive Member': 'board.types.executive',
  Trustee: 'board.types.trustee',
  'Temp Admin': 'board.types.tempAdmin',
};
