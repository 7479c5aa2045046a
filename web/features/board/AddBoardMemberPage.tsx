import { Alert, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from '../../app/hash-router';
import { notify } from '../../components/notify';
import { PageTitle } from '../../components/PageTitle';
import { ApiError, messageOf } from '../../lib/api-client';
import { serverFieldErrors } from '../../lib/form-errors';
import { boardCandidatesQuery, useMayManageBoard, useSaveBoardMember } from './api';
import {
  boardFormData,
  candidateLabel,
  candidatesByLastName,
  EMPTY_BOARD_FORM,
  withCandidate,
  withoutCandidate,
  type TBoardFormValues,
} from './board-form';
import { BoardMemberForm, type TBoardImageChoice } from './BoardMemberForm';
import { boardRuleMessages } from './rule-messages';

const LIST_PATH = '/listMemberBoard';
const NO_IMAGE: TBoardImageChoice = { file: null, removeStored: false };

/**
 * Spec 02 §2.4: an admin promotes an existing member to the board. The last-name search fills
 * the form from the first match; an empty search restores the full list and clears the form.
 */
export function AddBoardMemberPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayManage = useMayManageBoard();
  const candidates = useQuery({ ...boardCandidatesQuery(), enabled: mayManage });
  const saving = useSaveBoardMember();
  const [values, setValues] = useState<TBoardFormValues>(EMPTY_BOARD_FORM);
  const [image, setImage] = useState<TBoardImageChoice>(NO_IMAGE);
  const [lastName, setLastName] = useState('');
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});

  const everyone = candidates.data ?? [];
  const shown = candidatesByLastName(everyone, lastName);

  function search(term: string) {
    setLastName(term);
    const [first] = candidatesByLastName(everyone, term);
    if (!term.trim()) setValues((current) => withoutCandidate(current));
    else if (first) setValues((current) => withCandidate(current, first));
  }

  function choose(memberId: string | null) {
    const chosen = everyone.find((candidate) => String(candidate.MemberId) === memberId);
    setValues((current) => (chosen ? withCandidate(current, chosen) : withoutCandidate(current)));
  }

  function submit() {
    setServerErrors({});
    saving.mutate(
      {
        id: null,
        form: boardFormData(values, { image: image.file, removeImage: false, adding: true }),
      },
      {
        onSuccess: () => {
          notify.success(t('board.created'));
          navigate(LIST_PATH);
        },
        onError: (error) => {
          const rules = boardRuleMessages(t);
          setServerErrors(serverFieldErrors(error, rules));
          // Spec 02 §8: the server's answer in a warning titled 'Error'; the user stays
          const message =
            error instanceof ApiError && error.code !== 'NETWORK' && error.code !== 'INTERNAL'
              ? (rules[error.message] ?? error.message)
              : messageOf(error, t);
          notify.warning(message, t('notify.error'));
        },
      },
    );
  }

  if (!mayManage) {
    return (
      <Stack gap="lg">
        <PageTitle>{t('pages.addBoardMember.title')}</PageTitle>
        <Alert color="orange" variant="light">
          {t('errors.codes.FORBIDDEN')}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageTitle>{t('pages.addBoardMember.title')}</PageTitle>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} maw={880}>
        <BoardMemberForm
          values={values}
          onChange={(next) => {
            setValues(next);
            setServerErrors({});
          }}
          image={image}
          onImageChange={setImage}
          storedImage={null}
          storedImageIsOwn={false}
          needsPassword
          serverErrors={serverErrors}
          header={
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('board.lastNameSearch')}
                placeholder={t('board.lastNameSearchPlaceholder')}
                leftSection={<IconSearch aria-hidden size={16} />}
                value={lastName}
                onChange={(event) => search(event.currentTarget.value)}
                autoComplete="off"
              />
              <Select
                label={t('board.memberSelect')}
                placeholder={
                  candidates.isPending ? t('common.loading') : t('board.memberSelectPlaceholder')
                }
                data={shown.map((candidate) => ({
                  value: String(candidate.MemberId),
                  label: candidateLabel(candidate),
                }))}
                value={values.memberID === null ? null : String(values.memberID)}
                onChange={choose}
                searchable
                clearable
                limit={100}
                nothingFoundMessage={t('board.noMemberFound')}
              />
            </SimpleGrid>
          }
          submitLabel={t('board.add')}
          onSubmit={submit}
          saving={saving.isPending}
          cancelLabel={t('board.cancel')}
          onCancel={() => navigate(LIST_PATH)}
        />
      </Paper>
    </Stack>
  );
}
