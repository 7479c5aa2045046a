import { useMutation } from '@tanstack/react-query';
import {
  ZContactResponse,
  type TContactRequest,
  type TContactResponse,
} from '../../../domain/contracts/contact';
import { apiFetch } from '../../lib/api-client';

async function sendContactMessage(body: TContactRequest): Promise<TContactResponse> {
  return ZContactResponse.parse(await apiFetch('/contact', { method: 'POST', body }));
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
