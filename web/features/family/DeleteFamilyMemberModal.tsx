import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { notify } from '../../components/notify';
import { messageOf } from '../../lib/api-client';
import type { TMemberScope } from '../membership/member-scope';
import { useDeleteFamilyMember } from './api/delete-family-member';
import type { TFamilyRow } from './family-rows';

/** Asks before removing the spouse or a dependent; on success the family list refreshes. */
export function DeleteFamilyMemberModal({
  row,
  scope,
  onClose,
}: {
  row: TFamilyRow | null;
  scope: TMemberScope;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const deletion = useDeleteFamilyMember(scope);

  function close() {
    deletion.reset();
    onClose();
  }

  function confirm() {
    if (!row?.slotName) return;
    deletion.mutate(row.slotName, {
      onSuccess: () => {
        notify.success(t('family.deleted'), t('family.memberUpdated'));
        close();
      },
    });
  }

  return (
    <Modal
      opened={row !== null}
      onClose={close}
      title={t('family.confirmTitle')}
      closeButtonProps={{ 'aria-label': t('family.close') }}
      centered
    >
      {row && (
        <Stack gap="md">
          <Text>
            {row.relation === 'Spouse'
              ? t('family.confirmSpouse', { name: row.name })
              : t('family.confirmDependent', { name: row.name })}
          </Text>
          {deletion.error && (
            <Alert color="red" variant="light" role="alert">
              {messageOf(deletion.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('family.cancel')}
            </Button>
            <Button color="red.9" loading={deletion.isPending} onClick={confirm} data-autofocus>
              {t('family.delete')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
