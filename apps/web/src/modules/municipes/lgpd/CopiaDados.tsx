// "Cópia dos dados" (issue 46, LGPD art. 18 II and V): one action hands over everything held about the citizen — a PDF
// to read or print, a JSON file to take to another service. Each copy is audited on the server (who, when, format).
import { Group } from '@mantine/core';
import { ExportarCsvButton } from '../../../lib/list/ExportarCsvButton';
import { usePode } from '../../../lib/access';
import { baixarCopia } from './api';

export function CopiaDados({ municipeId }: { municipeId: string }) {
  const pode = usePode('municipes/lgpd:copia');
  if (!pode) return null;
  return (
    <Group gap="sm" role="group" aria-label="Cópia dos dados do munícipe (LGPD)">
      <ExportarCsvButton rotulo="Cópia dos dados (PDF)" baixar={() => baixarCopia(municipeId, 'pdf')} />
      <ExportarCsvButton rotulo="Cópia dos dados (JSON)" baixar={() => baixarCopia(municipeId, 'json')} />
    </Group>
  );
}
