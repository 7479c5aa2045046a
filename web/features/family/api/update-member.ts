import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMemberSaved, type TMemberUpdate } from '../../../../domain/contracts/members';
import { phoneDigits } from '../../../../domain/phone';
import { apiFetch } from '../../../lib/api-client';
import { familyKeys } from '../../membership/api/get-family';
import { memberKeys } from '../../membership/api/get-member';
import type { TMemberScope } from '../../membership/member-scope';

export interface TMemberUpdateRequest {
  details: Required<{ [K in keyof TMemberUpdate]: string }>;
  /** A new profile image; the server checks it by content. */
  image?: File | null;
}

/**
 * `PUT /api/memberupdate/:id`: the member's names, e-mail, phone (only its first 10 digits are
 * sent, spec 02 §5) and address; multipart with `memberImage` when a picture was chosen.
 */
export function useUpdateMember(scope: TMemberScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ details, image }: TMemberUpdateRequest) => {
      const fields = { ...details, contactPhone: phoneDigits(details.contactPhone).slice(0, 10) };
      let body: TMemberUpdate | FormData = fields;
      if (image) {
        const form = new FormData();
        for (const [key, value] of Object.entries(fields)) form.append(key, value);
        form.append('memberImage', image, image.name);
        body = form;
      }
      return ZMemberSaved.parse(
        await apiFetch(`/memberupdate/${scope.id}`, {
          method: 'PUT',
          body,
          session: scope.session,
        }),
      );
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      await queryClient.invalidateQueries({ queryKey: familyKeys.all });
    },
  });
}
