import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { GIFT_RECEIVED, NOTES_MAX, type TMember } from '../../../domain/contracts/members';
import { fullName } from '../../../domain/display';
import { notify } from '../../components/notify';
import { messageOf } from '../../lib/api-client';
import { useDeleteMember } from './api/delete-member';
import { useUpdateMemberLimited } from './api/update-member-limited';

const nameOf = (member: TMember) => fullName(member.MemberFirstName, member.MemberLastName);

function DialogButtons({ onClose, submitting }: { onClose: () => void; submitting?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        {t('members.close')}
      </Button>
      <Button type="submit" loading={submitting}>
        {t('members.submit')}
      </Button>
    </Group>
  );
}

/** Shows a refused gift or notes change; the list has already gone back to what it was. */
function useLimitedUpdate() {
  const { t } = useTranslation();
  const update = useUpdateMemberLimited();
  return (change: Parameters<typeof update.mutate>[0]) =>
    update.mutate(change, {
      onError: (error) => notify.error(messageOf(error, t), t('members.notSaved')),
    });
}

/**
 * The gift dialog (spec 02 §2.9): titled with the member's name, Yes / No. The list shows the
 * answer at once; the dialog closes without waiting for the server.
 */
export function GiftDialog({ member, onClose }: { member: TMember | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useLimitedUpdate();
  return (
    <Modal
      opened={member !== null}
      onClose={onClose}
      title={member ? nameOf(member) : ''}
      closeButtonProps={{ 'aria-label': t('members.close') }}
      centered
    >
      {member && (
        <GiftForm
          key={member.MemberId}
          received={member.giftrecieved === GIFT_RECEIVED}
          onClose={onClose}
          onSubmit={(received) => {
            save({ memberId: member.MemberId, giftrecieved: received ? GIFT_RECEIVED : '' });
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

function GiftForm({
  received,
  onSubmit,
  onClose,
}: {
  received: boolean;
  onSubmit: (received: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState(received ? 'yes' : 'no');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(answer === 'yes');
      }}
    >
      <Stack gap="md">
        <Radio.Group
          label={t('members.gift.question')}
          description={t('members.gift.hint')}
          value={answer}
          onChange={setAnswer}
        >
          <Group mt="xs">
            <Radio value="yes" label={t('members.gift.yes')} />
            <Radio value="no" label={t('members.gift.no')} />
          </Group>
        </Radio.Group>
        <DialogButtons onClose={onClose} />
      </Stack>
    </form>
  );
}

/** The notes dialog (spec 02 §2.9), titled "Enter Notes". */
export function NotesDialog({ member, onClose }: { member: TMember | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useLimitedUpdate();
  return (
    <Modal
      opened={member !== null}
      onClose={onClose}
      title={t('members.notes.title')}
      closeButtonProps={{ 'aria-label': t('members.close') }}
      centered
    >
      {member && (
        <NotesForm
          key={member.MemberId}
          notes={member.notes}
          name={nameOf(member)}
          onClose={onClose}
          onSubmit={(notes) => {
            save({ memberId: member.MemberId, notes });
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

function NotesForm({
  notes,
  name,
  onSubmit,
  onClose,
}: {
  notes: string;
  name: string;
  onSubmit: (notes: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(notes);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(text);
      }}
    >
      <Stack gap="md">
        <Text fw={600}>{name}</Text>
        <Textarea
          label={t('members.notes.label')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={NOTES_MAX}
          autosize
          minRows={4}
          data-autofocus
        />
        <DialogButtons onClose={onClose} />
      </Stack>
    </form>
  );
}

/** Asks before deleting a member (global admins and super users only). */
export function DeleteMemberDialog({
  member,
  onClose,
}: {
  member: TMember | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const deletion = useDeleteMember();
  const close = () => {
    deletion.reset();
    onClose();
  };
  const name = member ? nameOf(member) : '';
  return (
    <Modal
      opened={member !== null}
      onClose={close}
      title={t('members.delete.title', { name })}
      closeButtonProps={{ 'aria-label': t('members.close') }}
      centered
    >
      {member && (
        <Stack gap="md">
          <Text>{t('members.delete.body', { name })}</Text>
          {deletion.error && (
            <Alert color="red" variant="light" role="alert">
              {messageOf(deletion.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('members.delete.cancel')}
            </Button>
            <Button
              color="red.9"
              loading={deletion.isPending}
              data-autofocus
              onClick={() =>
                deletion.mutate(member.MemberId, {
                  onSuccess: () => {
                    notify.warning(t('members.delete.done'), t('members.delete.doneTitle'));
                    close();
                  },
                })
              }
            >
              {t('members.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
