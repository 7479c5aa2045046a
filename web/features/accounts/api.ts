import { queryOptions } from '@tanstack/react-query';
import {
  ZAdminAccount,
  ZAdminAccountList,
  type TAdminAccountCreate,
  type TAdminAccountUpdate,
} from '../../../domain/contracts/auth';
import { apiFetch } from '../../lib/api-client';

// Admin accounts are the super user's alone (DESIGN §3c): always their token, even when a
// global admin login is stored beside it.
const session = 'su';

export const accountListQuery = queryOptions({
  queryKey: ['accounts', 'list'],
  queryFn: async ({ signal }) =>
    ZAdminAccountList.parse(await apiFetch('/user/gshsignup', { session, signal })).items,
});

export async function createAccount(body: TAdminAccountCreate) {
  return ZAdminAccount.parse(await apiFetch('/user/gshsignup', { method: 'POST', body, session }));
}

export async function updateAccount(id: number, body: TAdminAccountUpdate) {
  return ZAdminAccount.parse(
    await apiFetch(`/user/gshsignup/${id}`, { method: 'PUT', body, session }),
  );
}
