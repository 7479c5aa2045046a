import { Button, Group, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { MEMBER_EXPORTS, type TMemberExport } from '../../../domain/contracts/member-exports';
import type { TMemberFilter } from '../../../domain/contracts/members';
import { notify } from '../../components/notify';
import { ApiError, messageOf } from '../../lib/api-client';
import { useCreateDownloadLink } from '../reports/api/create-download-link';

type TExportButton = { id: string; path: TMemberExport; label: string; pdf: boolean };

/** The filter as the PDF's query: the table as shown. */
function tableQuery(filter: TMemberFilter): Record<string, string> {
  return {
    active: filter.active ?? '',
    gift: filter.gift ?? '',
    membertype: filter.membertype ?? '',
    search: filter.search ?? '',
  };
}

function filenameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/** Saves a fetched file under its name, through a temporary link the browser downloads. */
function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The member exports (spec 02 §2.7) for global admins and super users: the table as shown as a
 * PDF, every member as a PDF, and the spreadsheets. Each file is fetched through a single-use
 * link while its button spins, then saved; a failure says so in a toast.
 */
export function MemberExports({ filter }: { filter: TMemberFilter }) {
  const { t, i18n } = useTranslation();
  const createLink = useCreateDownloadLink();
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const buttons: TExportButton[] = [
    { id: 'table', path: 'pdf', label: t('members.exports.tablePdf'), pdf: true },
    { id: 'all-pdf', path: 'pdf', label: t('members.exports.allPdf'), pdf: true },
    { id: 'all-csv', path: 'csv', label: t('members.exports.allCsv'), pdf: false },
    { id: 'active-csv', path: 'csvActive', label: t('members.exports.activeCsv'), pdf: false },
    {
      id: 'inactive-csv',
      path: 'csvInactive',
      label: t('members.exports.inactiveCsv'),
      pdf: false,
    },
  ];

  async function download(button: TExportButton) {
    setBusy(button.id);
    setStatus(t('members.exports.preparing', { file: button.label }));
    try {
      const path = MEMBER_EXPORTS[button.path];
      const { url } = await createLink.mutateAsync(path);
      const query = new URLSearchParams({
        lang: i18n.language,
        ...(button.id === 'table' ? tableQuery(filter) : {}),
      });
      const response = await fetch(`${url}&${query.toString()}`);
      if (!response.ok) throw new Error(`${response.status}`);
      const fallback = path.slice(5).replace(/\//g, '-') + (button.pdf ? '.pdf' : '.csv');
      save(await response.blob(), filenameOf(response, fallback));
      setStatus(t('members.exports.done', { file: button.label }));
    } catch (error) {
      setStatus('');
      notify.error(error instanceof ApiError ? messageOf(error, t) : t('members.exports.failed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Group component="section" aria-label={t('members.exports.label')} gap="xs" wrap="wrap">
      {buttons.map((button) => (
        <Button
          key={button.id}
          variant="default"
          size="sm"
          data-export={button.id}
          leftSection={
            button.pdf ? (
              <IconFileTypePdf aria-hidden size={16} />
            ) : (
              <IconFileSpreadsheet aria-hidden size={16} />
            )
          }
          loading={busy === button.id}
          disabled={busy !== null && busy !== button.id}
          onClick={() => void download(button)}
        >
          {button.label}
        </Button>
      ))}
      <Text size="sm" role="status" aria-live="polite">
        {status}
      </Text>
    </Group>
  );
}
