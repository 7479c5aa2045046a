import { ActionIcon, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TBoardMember } from '../../../domain/contracts/board';
import { notify } from '../../components/notify';
import { serverFieldErrors } from '../../lib/form-errors';
import { useSaveBoardMember } from './api';
import { boardFormData, formValuesOf, type TBoardFormValues } from './board-form';
import { BoardMemberForm, type TBoardImageChoice } from './BoardMemberForm';
import { boardRuleMessages } from './rule-messages';

/**
 * Spec 02 §2.3's edit form, shown in place of the list: 'Update Member Board', 'Cancel / View
 * Listing' and a back arrow; a successful update or a cancel returns to the list.
 */
export function EditBoardMember({ member, onDone }: { member: TBoardMember; onDone: () => void }) {
  const { t } = useTranslation();
  const saving = useSaveBoardMember();
  const [values, setValues] = useState<TBoardFormValues>(() => formValuesOf(member));
  const [image, setImage] = useState<TBoardImageChoice>({ file: null, removeStored: false });
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  // A sign-in exists only for an entry that is a Temp Admin now; any other needs a password
  const needsPassword = member.memberBoardType !== 'Temp Admin';

  function submit() {
    setServerErrors({});
    const form = boardFormData(values, {
      image: image.file,
      removeImage: image.removeStored,
      adding: false,
    });
    saving.mutate(
      { id: member.id, form },
      {
        onSuccess: () => {
          notify.success(t('board.updated'), t('board.updatedTitle'));
          onDone();
        },
        onError: (error) => {
          setServerErrors(serverFieldErrors(error, boardRuleMessages(t)));
          notify.error(t('board.updateFailed'), t('notify.error'));
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <ActionIcon variant="subtle" size="lg" aria-label={t('board.backToList')} onClick={onDone}>
          <IconArrowLeft aria-hidden size={20} />
        </ActionIcon>
        <Title order={2}>{t('board.editTitle')}</Title>
      </Group>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} maw={880}>
        <BoardMemberForm
          values={values}
          onChange={(next) => {
            setValues(next);
            setServerErrors({});
          }}
          image={image}
          onImageChange={setImage}
          storedImage={member.image}
          storedImageIsOwn={member.hasOwnImage}
          needsPassword={needsPassword}
          serverErrors={serverErrors}
          submitLabel={t('board.update')}
          onSubmit={submit}
          saving={saving.isPending}
          cancelLabel={t('board.cancelToList')}
          onCancel={onDone}
        />
      </Paper>
    </Stack>
  );
}
