// The "Detalhes" cell of the audit list: a change's "campo: antes → depois" lines, its fields named by the record's
// shared schema (auditoria_alteracoes.ts); otherwise the parts and filters a read used. Loaded after the rows.
import { List, Text } from '@mantine/core';
import type { RegistroAcesso } from '@saude/shared/schemas/auditoria';
import { alteracoesDe } from '@saude/shared/schemas/auditoria_alteracoes';

/** The parts and filters a row names (never values): 'condicao_saude, q'. */
function detalhesTexto(details: RegistroAcesso['details']): string | null {
  if (!details) return null;
  const nomes = Object.entries(details).flatMap(([k, v]) =>
    Array.isArray(v) ? v.map(String) : typeof v === 'boolean' || typeof v === 'string' ? [`${k}: ${String(v)}`] : [],
  );
  return nomes.length > 0 ? nomes.join(', ') : null;
}

/** A change's "campo: antes → depois" lines; otherwise the parts and filters a read used. */
export function Detalhes({ details, resource }: { details: RegistroAcesso['details']; resource: string }) {
  const alteracoes = alteracoesDe(details, resource);
  if (!alteracoes) return <>{detalhesTexto(details) ?? '—'}</>;
  if (alteracoes.length === 0) return <>Nenhum campo alterado</>;
  return (
    <List size="sm" spacing={2} listStyleType="none" data-testid="alteracoes">
      {alteracoes.map((a) => (
        <List.Item key={a.campo}>
          <Text span size="sm" fw={600}>
            {a.campo}:
          </Text>{' '}
          <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
            {a.texto}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
