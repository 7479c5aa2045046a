import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import type { THouseholdAdult } from '../../../domain/contracts/household';
import { notify } from '../../components/notify';
import { messageOf } from '../../lib/api-client';
import { useRevokeHouseholdAccess } from './api';

/** Asks before taking an adult's own sign-in away; their sessions end at once. */
export function RevokeAccessModal({
  adult,
  onClose,
}: {
  adult: THouseholdAdult | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const revoking = useRevokeHouseholdAccess();

  function close() {
    revoking.reset();
    onClose();
  }

  function confirm() {
    if (!adult?.account) return;
    revoking.mutate(adult.account.id, {
      onSuccess: () => {
        notify.success(t('household.revoked'));
        close();
      },
    });
  }

  return (
    <Modal
      opened={adult !== null}
      onClose={close}
      title={t('household.revokeTitle')}
      closeButtonProps={{ 'aria-label': t('family.close') }}
      centered
    >
      {adult && (
        <Stack gap="md">
          <Text>{t('household.revokeConfirm', { name: adult.firstName })}</Text>
          {revoking.error && (
            <Alert color="red" variant="light" role="alert">
              {messageOf(revoking.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('household.keep')}
            </Button>
            <Button color="red" loading={revoking.isPending} onClick={confirm}>
              {t('household.revoke')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
