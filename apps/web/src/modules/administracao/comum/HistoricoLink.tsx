// "Histórico de alterações": the audit trail of one record (issue 22), on the audit page filtered by its id.
import { IconHistory } from '@tabler/icons-react';
import { usePode } from '../../../lib/access';
import { LinkButton } from '../../../lib/LinkButton';

export function HistoricoLink({ recordId }: { recordId: string }) {
  if (!usePode('auditoria:index')) return null;
  return (
    <LinkButton to={`/auditoria?record_id=${recordId}`} variant="subtle" icon={IconHistory}>
      Histórico de alterações
    </LinkButton>
  );
}
